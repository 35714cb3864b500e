import GeoCore
import RaceKitCore
import Testing

@testable import GeoFormats

/// The block-by-block fold of a positions file against its reference: reading every coordinate
/// first (``PositionsCSV/parse(_:file:)``) and walking them in order. The fold collects each fix
/// with its file row, so any fix lost, doubled, misplaced or misnumbered shows.
struct CoordinateBlocksTests {
    /// One fix as the fold saw it: its file row and coordinates.
    private struct Fix: Equatable {
        let row: Int
        let latitude: Double
        let longitude: Double
    }

    /// What a reader made of a file: every fix with its row, or its error.
    private enum Outcome: Equatable {
        case fixes([Fix])
        case error(InputError)
    }

    private func reference(_ bytes: [UInt8]) -> Outcome {
        do {
            let columns = try PositionsCSV.parse(bytes, file: "positions.csv").columns
            return .fixes(
                (0..<columns.count).map {
                    Fix(row: $0, latitude: columns.latitude[$0], longitude: columns.longitude[$0])
                })
        } catch {
            return .error(error)
        }
    }

    /// The fold under test, and the largest block it was given.
    private func folded(_ bytes: [UInt8], threads: Int) -> (outcome: Outcome, largestBlock: Int) {
        var largestBlock = 0
        do {
            let read = try PositionsCSV.reduceCoordinateBlocks(
                bytes, file: "positions.csv", threads: threads, into: (fixes: [Fix](), largest: 0)
            ) { part, first, latitudes, longitudes in
                #expect(latitudes.count == longitudes.count)
                part.largest = max(part.largest, latitudes.count)
                for k in latitudes.indices {
                    part.fixes.append(Fix(row: first + k, latitude: latitudes[k], longitude: longitudes[k]))
                }
            } merge: { total, part, rowsBefore in
                total.largest = max(total.largest, part.largest)
                total.fixes += part.fixes.map {
                    Fix(row: rowsBefore + $0.row, latitude: $0.latitude, longitude: $0.longitude)
                }
            }
            largestBlock = read.result.largest
            #expect(read.rows == read.result.fixes.count)
            return (.fixes(read.result.fixes), largestBlock)
        } catch {
            return (.error(error), largestBlock)
        }
    }

    @Test("valid random files: every fix once, in its row, for 1…8 parts", arguments: 0..<30)
    func validFiles(seed: UInt64) {
        var random = RandomPositionsText(seed: 5_000 + seed)
        let bytes = random.file(random.validLines(rows: Int(seed * 41 % 300)))
        let expected = reference(bytes)
        for threads in 1...8 {
            #expect(folded(bytes, threads: threads).outcome == expected, "seed \(seed), \(threads) parts")
        }
    }

    @Test("broken random files: the sequential reader's error, for 1…8 parts", arguments: 0..<30)
    func brokenFiles(seed: UInt64) {
        var random = RandomPositionsText(seed: 6_000 + seed)
        let bytes = random.file(random.broken(random.validLines(rows: 1 + Int(seed * 53 % 200))))
        let expected = reference(bytes)
        for threads in 1...8 {
            #expect(folded(bytes, threads: threads).outcome == expected, "seed \(seed), \(threads) parts")
        }
    }

    @Test("parts longer than a block: blocks are full, at most the block size, and join without a seam")
    func manyBlocks() {
        // More than a block in each part of the most threads below.
        let rows = ParallelJobs.jobCount(threads: 3) * (PositionsCSV.coordinateBlockRows + 100) + 17
        var text = "participant,t,lat,lon\n"
        for k in 0..<rows { text += "p\(k % 7),\(k),\(Double(k % 179) - 89.5),\(Double(k % 359) - 179.25)\n" }
        let bytes = Array(text.utf8)
        let expected = reference(bytes)
        for threads in 1...3 {
            let result = folded(bytes, threads: threads)
            #expect(result.outcome == expected, "\(threads) parts")
            #expect(result.largestBlock == PositionsCSV.coordinateBlockRows, "\(threads) parts")
        }
    }

    @Test("a time going back where two parts meet, and a file without rows, are the sequential reader's errors")
    func errorsNoPartSees() {
        var lines = ["participant,t,lat,lon"]
        for k in 0..<100 { lines.append("p\(k % 3),\(k),1,2") }
        lines[51] = "p0,10,1,2"
        for bytes in [Array((lines.joined(separator: "\n") + "\n").utf8), Array("participant,t,lat,lon\n\n".utf8)] {
            let expected = reference(bytes)
            guard case .error = expected else {
                Issue.record("the reference accepted the file")
                continue
            }
            for threads in 1...4 { #expect(folded(bytes, threads: threads).outcome == expected) }
        }
    }
}
