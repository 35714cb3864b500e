import GeoCore
import RaceKitCore
import Testing

@testable import GeoFormats

/// The chunked positions reader against the sequential one, its reference: the same table (`==`)
/// on valid files and the same error (message, line and column) on broken ones, for every split.
/// The coordinates-only reader likewise: the table's coordinates, or the same error.
struct ChunkedPositionsCSVTests {
    /// What a reader made of a file: its table or its error.
    private enum Outcome: Equatable {
        case table(PositionTable)
        case error(InputError)

        /// What the coordinates-only reader must make of the same file.
        var coordinates: CoordinatesOutcome {
            switch self {
            case .table(let table): .coordinates(PositionCoordinates(table.columns))
            case .error(let error): .error(error)
            }
        }
    }

    /// What the coordinates-only reader made of a file.
    private enum CoordinatesOutcome: Equatable {
        case coordinates(PositionCoordinates)
        case error(InputError)
    }

    private func coordinatesOnly(_ bytes: [UInt8], threads: Int) -> CoordinatesOutcome {
        do {
            return .coordinates(try PositionsCSV.parseCoordinates(bytes, file: "positions.csv", threads: threads))
        } catch {
            return .error(error)
        }
    }

    private func sequential(_ bytes: [UInt8]) -> Outcome {
        do { return .table(try PositionsCSV.parse(bytes, file: "positions.csv")) } catch { return .error(error) }
    }

    private func chunked(_ bytes: [UInt8], threads: Int) -> Outcome {
        do {
            return .table(try PositionsCSV.parse(bytes, file: "positions.csv", threads: threads))
        } catch {
            return .error(error)
        }
    }

    @Test("valid random files: the same table for 1…8 chunks", arguments: 0..<40)
    func validFiles(seed: UInt64) throws {
        var random = RandomPositionsText(seed: seed)
        let bytes = random.file(random.validLines(rows: Int(seed * 37 % 300)))
        let reference = sequential(bytes)
        for threads in 1...8 {
            #expect(chunked(bytes, threads: threads) == reference, "seed \(seed), \(threads) chunks")
            #expect(
                coordinatesOnly(bytes, threads: threads) == reference.coordinates, "seed \(seed), \(threads) chunks")
            // The chunks themselves read every valid file, without the sequential reader's help.
            if case .table(let table) = reference {
                #expect(
                    try PositionsCSV.parseInChunks(bytes, file: "positions.csv", threads: threads) == table,
                    "seed \(seed), \(threads) chunks")
                #expect(
                    try PositionsCSV.coordinatesInChunks(bytes, file: "positions.csv", threads: threads)
                        == PositionCoordinates(table.columns),
                    "seed \(seed), \(threads) chunks")
            }
        }
    }

    @Test("broken random files: the same error, at the same place, for 1…8 chunks", arguments: 0..<60)
    func brokenFiles(seed: UInt64) {
        var random = RandomPositionsText(seed: 1_000 + seed)
        let bytes = random.file(random.broken(random.validLines(rows: 1 + Int(seed * 53 % 200))))
        let reference = sequential(bytes)
        for threads in 1...8 {
            #expect(chunked(bytes, threads: threads) == reference, "seed \(seed), \(threads) chunks")
            #expect(
                coordinatesOnly(bytes, threads: threads) == reference.coordinates, "seed \(seed), \(threads) chunks")
            // The chunks never accept rows the sequential reader rejects.
            if case .error(let error) = reference, error.location.line > 0 {
                #expect(
                    (try? PositionsCSV.parseInChunks(bytes, file: "positions.csv", threads: threads)) == .some(nil),
                    "seed \(seed), \(threads) chunks")
                #expect(
                    (try? PositionsCSV.coordinatesInChunks(bytes, file: "positions.csv", threads: threads))
                        == .some(nil),
                    "seed \(seed), \(threads) chunks")
            }
        }
    }

    @Test("the random files are mostly valid, the broken ones mostly not")
    func generatorCoverage() {
        var valid = 0, broken = 0
        for seed in 0..<40 as Range<UInt64> {
            var random = RandomPositionsText(seed: seed)
            if case .table = sequential(random.file(random.validLines(rows: Int(seed * 37 % 300)))) { valid += 1 }
        }
        for seed in 0..<60 as Range<UInt64> {
            var random = RandomPositionsText(seed: 1_000 + seed)
            if case .error = sequential(random.file(random.broken(random.validLines(rows: 1 + Int(seed * 53 % 200))))) {
                broken += 1
            }
        }
        #expect(valid >= 36 && broken >= 45, "valid \(valid)/40, broken \(broken)/60")
    }

    @Test("a time earlier than the row before, where two chunks meet, is the sequential reader's error")
    func timeBackwardsAtSeam() throws {
        var lines = ["participant,t,lat,lon"]
        for k in 0..<100 { lines.append("p\(k % 3),\(k),1,2") }
        lines[51] = "p0,10,1,2"  // the middle of the file: a seam for 2 chunks
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let expected = InputError(
            SourceLocation(file: "positions.csv", line: 52, column: 4),
            "time 10.0 is earlier than the previous row's 49.0; rows must be ordered by time")
        #expect(sequential(bytes) == .error(expected))
        for threads in 1...8 {
            #expect(chunked(bytes, threads: threads) == .error(expected))
            #expect(coordinatesOnly(bytes, threads: threads) == .error(expected))
        }
    }

    @Test("participants numbered in order of first appearance across chunks, names joined by text")
    func participantsAcrossChunks() throws {
        let text = "participant,t,lat,lon\nb,0,1,1\n07,1,1,1\ne\u{301},2,1,1\na,3,1,1\n7,4,1,1\n\u{E9},5,1,1\nb,6,1,1\n"
        let reference = try PositionsCSV.parse(Array(text.utf8), file: "positions.csv")
        #expect(reference.participantNames == ["b", "7", "e\u{301}", "a"])
        for threads in 1...8 {
            #expect(try PositionsCSV.parse(Array(text.utf8), file: "positions.csv", threads: threads) == reference)
        }
    }

    @Test("header errors and an empty file are the sequential reader's")
    func headerErrors() {
        for text in [
            "", "\n\n", "participant,time,lat,lon\n0,1,1,1\n", "participant,t,lat,lon\n", "participant,t,lat,lon",
        ] {
            let bytes = Array(text.utf8)
            for threads in 1...4 {
                #expect(chunked(bytes, threads: threads) == sequential(bytes), "\(text)")
                #expect(coordinatesOnly(bytes, threads: threads) == sequential(bytes).coordinates, "\(text)")
            }
        }
    }
}
