import ArgumentParser
import GeoCore
import GeoFormats
import Geofencing
import RaceKitCore
import RaceModel

/// `racekit fence-check`: every (position, stop) pair with the position inside the stop's
/// circle, on the peers' CSV files or on a generated workload, with timings.
struct FenceCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fence-check",
        abstract: "Find every (position, stop) pair with the position inside the stop's circle.",
        discussion: """
            A hit is a pair whose haversine distance (R = 6 371 008.8 m) is at most the stop's radius. \
            The checksum is the sum over hits of (position row × 1000003 + stop id) mod 2^64, with \
            the position row counted from 0 after the header: the same definition as \
            the exact reference of the peer benchmarks (Benchmarks/peers), so the two can be compared directly.

            Input: --stops (id,lat,lon,radius_m) and --positions (participant,t,lat,lon[,accuracy], \
            ordered by t), or --generate city|urban|global for a workload made on the spot from --seed.

            --json prints one JSON object: workload, stops, positions, threads, streamed, cellSizeMeters, \
            hits, positionsWithHit, checksum, loadSeconds, buildSeconds, querySeconds, positionsPerSecond. \
            When streamed (the default for files), querySeconds includes reading the positions and \
            loadSeconds is the stops' alone; --phases times them apart.
            """
    )

    @Option(help: "Stops CSV: header id,lat,lon,radius_m; 0 < radius_m ≤ 20000000.")
    var stops: String?

    @Option(
        help:
            "Positions CSV: header participant,t,lat,lon[,accuracy], rows ordered by t; |t| ≤ 1e11 s, accuracy 0…20000000 m, at most 64 fields a line."
    )
    var positions: String?

    @Option(
        help:
            "Generate a workload instead of reading files: city (80 % of stops in a city, the rest in its region), urban (all in the city) or global."
    )
    var generate: FenceWorkload.Layout?

    @Option(
        help: "Size of a generated workload: small (500 stops, 50 × 600 s) or medium (10 000 stops, 1 000 × 3 600 s).")
    var size: WorkloadSize = .small

    @OptionGroup var seed: SeedOption

    @Option(
        parsing: .unconditional,
        help: "Threads reading --positions and for the query phase (\(OptionLimits.fenceCheckThreads.text)).")
    var threads: Int = 1

    @Option(
        parsing: .unconditional,
        help: "Grid cell edge (\(OptionLimits.fenceCheckCellSize.text); default: twice the median radius).")
    var cellSize: Double?

    @Option(
        help: ArgumentHelp(
            "With --generate: also write the workload to DIR/stops.csv and DIR/positions.csv.",
            discussion: "The files are what --stops and --positions read, so other tools can be run on the same input.",
            valueName: "DIR"))
    var save: String?

    @Flag(
        help: ArgumentHelp(
            "Read the whole positions file before querying it, to time the load and the query apart.",
            discussion:
                "By default the file is queried block by block as it is read: faster end to end, and its fixes are never all in memory; the query is then timed with the reading."
        ))
    var phases = false

    @OptionGroup var json: JSONOption

    @Flag(help: "Print one RESULT line (the form of the peer scripts in Benchmarks/peers) instead of the table.")
    var resultLine = false

    enum WorkloadSize: String, ExpressibleByArgument, CaseIterable {
        case small, medium
        var shape: (stops: Int, participants: Int, seconds: Int) {
            self == .small ? (500, 50, 600) : (10_000, 1_000, 3_600)
        }
    }

    func validate() throws {
        if generate == nil && (stops == nil || positions == nil) {
            throw ValidationError("Give --stops and --positions, or --generate city|urban|global.")
        }
        if generate != nil && (stops != nil || positions != nil) {
            throw ValidationError("--generate makes its own stops and positions; leave out --stops and --positions.")
        }
        if save != nil && generate == nil {
            throw ValidationError("--save writes a generated workload; give --generate city|urban|global with it.")
        }
        try OptionRange.require(
            OptionLimits.fenceCheckThreads.problem(threads),
            OptionLimits.fenceCheckCellSize.problem(cellSize))
    }

    func run() throws {
        try reportingInputErrors {
            let report = try streamsPositions ? streamedCheck() : checkInPhases()
            if json.isOn {
                Standard.output(try JSONOutput.string(report) + "\n")
            } else if resultLine {
                Standard.output(report.resultLine + "\n")
            } else {
                Standard.output(report.table)
            }
        }
    }

    /// Whether the positions file is queried as it is read (the default for files).
    private var streamsPositions: Bool { generate == nil && !phases }

    /// Loads the stops and all the positions, builds the index, then queries: each phase timed.
    private func checkInPhases() throws -> FenceCheckReport {
        let load = Stopwatch()
        let (ids, fences, positions, label) = try loadWorkload()
        let loadSeconds = load.seconds

        let build = Stopwatch()
        let index = GridIndex(fences: fences, cellSizeMeters: cellSize)
        let buildSeconds = build.seconds

        let keys = ids.map { UInt64($0) }
        let query = Stopwatch()
        let tally = positions.latitude.withUnsafeBufferPointer { lat in
            positions.longitude.withUnsafeBufferPointer { lon in
                HitTally.tally(index, latitudes: lat, longitudes: lon, stopIDs: keys, threads: threads)
            }
        }
        return report(
            label, stops: fences.count, positions: positions.count, index: index, tally: tally, streamed: false,
            seconds: (loadSeconds, buildSeconds, query.seconds))
    }

    /// Loads the stops, builds the index, then reads the positions file block by block and queries
    /// each block as it is read: the file's fixes are never all in memory.
    private func streamedCheck() throws -> FenceCheckReport {
        let load = Stopwatch()
        let stopTable = try StopsCSV.read(path: stops!)
        let loadSeconds = load.seconds

        let build = Stopwatch()
        let index = GridIndex(fences: stopTable.fences, cellSizeMeters: cellSize)
        let buildSeconds = build.seconds

        let query = Stopwatch()
        let read = try HitTally.tally(
            index, positionsFile: positions!, stopIDs: stopTable.ids.map { UInt64($0) }, threads: threads)
        return report(
            Self.label(ofPositions: positions!), stops: stopTable.fences.count, positions: read.positions,
            index: index, tally: read.tally, streamed: true, seconds: (loadSeconds, buildSeconds, query.seconds))
    }

    private func report(
        _ label: String, stops: Int, positions: Int, index: GridIndex, tally: HitTally, streamed: Bool,
        seconds: (load: Double, build: Double, query: Double)
    ) -> FenceCheckReport {
        FenceCheckReport(
            workload: label, stops: stops, positions: positions, threads: threads, streamed: streamed,
            cellSizeMeters: index.cellSizeMeters, hits: tally.hits, positionsWithHit: tally.positionsWithHit,
            checksum: tally.checksum, loadSeconds: seconds.load, buildSeconds: seconds.build,
            querySeconds: seconds.query,
            positionsPerSecond: seconds.query > 0 ? (Double(positions) / seconds.query).rounded() : 0)
    }

    /// The workload's name for a positions file: its folder's, as the peer scripts name their sets.
    private static func label(ofPositions path: String) -> String {
        path.split(separator: "/").dropLast().last.map(String.init) ?? "positions"
    }

    /// The stops and the positions' coordinates: the check needs nothing else of a fix.
    private func loadWorkload() throws -> (ids: [Int], fences: [Fence], positions: PositionCoordinates, label: String) {
        if let layout = generate {
            let shape = size.shape
            let workload = FenceWorkload.generate(
                layout: layout, stops: shape.stops, participants: shape.participants,
                seconds: shape.seconds, seed: seed.value)
            if let save {
                try writingOutput { () throws(InputError) in
                    try Self.write(workload, participants: shape.participants, to: save)
                }
            }
            return (
                workload.stopIDs, workload.fences, PositionCoordinates(workload.positions),
                "generated-\(size.rawValue)-\(layout.rawValue)-s\(seed.value)"
            )
        }
        let stopTable = try StopsCSV.read(path: stops!)
        let coordinates = try PositionsCSV.readCoordinates(path: positions!, threads: threads)
        return (stopTable.ids, stopTable.fences, coordinates, Self.label(ofPositions: positions!))
    }

    /// Writes a generated workload in the stops and positions formats (participants named `p0`,
    /// `p1`, …), both files or neither, as every command writes its outputs.
    private static func write(_ workload: FenceWorkload, participants: Int, to folder: String) throws(InputError) {
        let created = try OutputFile.makeFolder(folder)
        do throws(InputError) {
            let batch = OutputBatch()
            let stops = StopTable(ids: workload.stopIDs, fences: workload.fences)
            try batch.add(Array(StopsCSV.text(stops).utf8), to: folder + "/stops.csv")
            let table = PositionTable(
                columns: workload.positions, participantNames: (0..<participants).map { "p\($0)" })
            try batch.add(Array(PositionsCSV.text(table).utf8), to: folder + "/positions.csv")
            try batch.commit()
        } catch {
            OutputFile.removeFolders(created)
            throw error
        }
    }
}

extension FenceWorkload.Layout: ExpressibleByArgument {}
