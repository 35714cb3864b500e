import GeoCore
import RaceTestSupport
import Testing

@testable import Geofencing

/// The index finds cells in a dense table over their rectangle when they fill enough of it, and
/// in a hash table otherwise; both must give the same runs, and so the same answers.
struct CellRectangleTests {
    @Test(
        "the rectangle's runs are the grouping's, and the cell outside it has none",
        arguments: 1...100 as ClosedRange<UInt64>)
    func runsEqualTheGrouping(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let firstRow = Int.random(in: 0..<1_000_000, using: &random)
        let firstColumn = Int.random(in: 0..<1_000_000, using: &random)
        let height = Int.random(in: 1...40, using: &random), width = Int.random(in: 1...40, using: &random)
        // Each cell of the rectangle in use with a probability from 1/8 to 1.
        let fill = [0.13, 0.3, 0.7, 1.0][Int(seed % 4)]
        var pairs: [(key: UInt64, fence: Int32)] = []
        for fence in 0..<Int32.random(in: 1...400, using: &random) {
            for _ in 0..<Int.random(in: 1...3, using: &random) where random.nextUnit() < fill {
                let key = GridLayout.key(
                    row: firstRow + Int.random(in: 0..<height, using: &random),
                    column: firstColumn + Int.random(in: 0..<width, using: &random))
                if !pairs.contains(where: { $0.key == key && $0.fence == fence }) { pairs.append((key, fence)) }
            }
        }
        let runs = CellGrouping.group(pairs)
        guard let rectangle = CellRectangle(cells: runs) else {
            // Declined only when the cells' rectangle is more than 8 times the cells in use.
            let rows = runs.keys.map { Int($0 >> 32) }, columns = runs.keys.map { Int($0 & 0xFFFF_FFFF) }
            if let top = rows.min(), let bottom = rows.max(), let left = columns.min(), let right = columns.max() {
                #expect((bottom - top + 1) * (right - left + 1) > 8 * runs.keys.count, "seed \(seed)")
            }
            return
        }
        var expected: [UInt64: Range<UInt32>] = [:]
        for (key, run) in zip(runs.keys, runs.runs) { expected[key] = run }
        let bounds = rectangle.bounds
        // Every cell of the rectangle and of the ring of cells around it.
        for row in (bounds.firstRow - 1)...(bounds.firstRow + bounds.rowCount) {
            for column in (bounds.firstColumn - 1)...(bounds.firstColumn + bounds.columnCount) {
                let number = bounds.number(row: row, column: column)
                let inside =
                    (bounds.firstRow..<bounds.firstRow + bounds.rowCount).contains(row)
                    && (bounds.firstColumn..<bounds.firstColumn + bounds.columnCount).contains(column)
                let rowMajor = (row - bounds.firstRow) * bounds.columnCount + column - bounds.firstColumn
                #expect(number == (inside ? rowMajor : bounds.outside), "seed \(seed), cell \(row), \(column)")
                let run = Int(rectangle.starts[number])..<Int(rectangle.starts[number + 1])
                let want = expected[GridLayout.key(row: row, column: column)].map {
                    Int($0.lowerBound)..<Int($0.upperBound)
                }
                #expect(want.map { $0 == run } ?? run.isEmpty, "seed \(seed), cell \(row), \(column)")
            }
        }
        #expect(rectangle.starts.count == bounds.outside + 2, "seed \(seed)")
        #expect(Int(rectangle.starts[bounds.outside]) == runs.entries.count, "seed \(seed)")
    }

    @Test("a city's index uses the rectangle, stops around the globe the hash table")
    func choice() {
        let city = GridIndex(fences: RandomLayout.city.fences(count: 2_000, seed: 1), cellSizeMeters: 200)
        let global = GridIndex(fences: RandomLayout.global.fences(count: 2_000, seed: 1), cellSizeMeters: 200)
        #expect(city.storage.usesRectangle)
        #expect(!global.storage.usesRectangle)
    }

    @Test(
        "with the rectangle and with the hash table, every query gives the same answer",
        arguments: RandomLayout.allCases, [21, 22] as [UInt64])
    func sameAnswers(layout: RandomLayout, seed: UInt64) throws {
        let fences = layout.fences(count: 300, seed: seed)
        var random = SplitMix64(seed: seed &* 7_919)
        let points = (0..<2_000).map { _ in layout.point(near: fences, &random) }
        let latitudes = points.map(\.latitude), longitudes = points.map(\.longitude)
        for cell in [nil, 30.0, 400.0, 40_000.0] as [Double?] {
            let chosen = GridIndex(fences: fences, cellSizeMeters: cell)
            let hashed = GridIndex(fences: fences, cellSizeMeters: cell, allowsRectangle: false)
            let context = "layout \(layout), seed \(seed), cell \(String(describing: cell))"
            #expect(!hashed.storage.usesRectangle)
            #expect(chosen.cellCount == hashed.cellCount, "\(context)")
            var chosenCells: [UInt64: [Int32]] = [:], hashedCells: [UInt64: [Int32]] = [:]
            chosen.storage.forEachCell { chosenCells[$0] = Array(chosen.storage.entries[$1..<$2]) }
            hashed.storage.forEachCell { hashedCells[$0] = Array(hashed.storage.entries[$1..<$2]) }
            #expect(chosenCells == hashedCells, "\(context)")
            // Every cell in use and its eight neighbours, which reach one row or column past the
            // rectangle on each side: the same fences by key from either table.
            var mismatches = 0
            for key in chosenCells.keys {
                let row = Int(key >> 32), column = Int(key & 0xFFFF_FFFF)
                for dr in -1...1 {
                    for dc in -1...1 where row + dr >= 0 && column + dc >= 0 {
                        let neighbour = GridLayout.key(row: row + dr, column: column + dc)
                        let a = chosen.storage.run(of: neighbour), b = hashed.storage.run(of: neighbour)
                        if chosen.storage.entries[a.start..<a.end].elementsEqual(
                            hashed.storage.entries[b.start..<b.end])
                        {
                            continue
                        }
                        mismatches += 1
                    }
                }
            }
            #expect(mismatches == 0, "\(context)")

            func hits(_ index: GridIndex) -> [[Int]] {
                var found: [[Int]] = []
                latitudes.withUnsafeBufferPointer { lat in
                    longitudes.withUnsafeBufferPointer { lon in
                        index.forEachHit(latitudes: lat, longitudes: lon, range: 0..<lat.count) {
                            found.append([$0, $1])
                        }
                    }
                }
                return found
            }
            #expect(hits(chosen) == hits(hashed), "\(context)")
            for (k, point) in points.enumerated() where k % 10 == 0 {
                var a: [Int] = [], b: [Int] = []
                chosen.forEachFence(containingLatitude: point.latitude, longitude: point.longitude) { a.append($0) }
                hashed.forEachFence(containingLatitude: point.latitude, longitude: point.longitude) { b.append($0) }
                #expect(a == b, "\(context), point \(k)")
                let box = Fence.circle(try CircleFence(centre: point, radiusMeters: 50 + 2_000 * random.nextUnit()))
                    .boundingBox
                var c: [Int] = [], d: [Int] = []
                chosen.forEachCandidate(in: box) { c.append($0) }
                hashed.forEachCandidate(in: box) { d.append($0) }
                #expect(c == d, "\(context), box \(k)")
            }
        }
    }
}
