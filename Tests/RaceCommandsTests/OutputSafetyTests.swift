import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Writing outputs never loses the user's data: a full disk (simulated by a file-size limit),
/// a folder that cannot be written, a failing command, a symbolic link or a device as `-o`.
struct OutputSafetyTests {
    static let sample = SimulateCommandTests.routes.appendingPathComponent("zurich-old-town")
    static let race = sample.appendingPathComponent("race.json").path
    static let tracks = sample.appendingPathComponent("tracks").path
    static let track = sample.appendingPathComponent("tracks/001-anna.gpx").path

    /// An existing file the command must not damage: a copy of the sample race under `name`.
    private func existing(_ folder: TemporaryFolder, _ name: String) throws -> (path: String, bytes: Data) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.race))
        let path = folder.url.appendingPathComponent(name).path
        try bytes.write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    /// The folder holds exactly `names`: no temporary file is left behind.
    private func expectOnly(
        _ names: Set<String>, in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let found = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
        #expect(found == names, sourceLocation: sourceLocation)
    }

    /// The kind of file at `path` (S_IFREG, S_IFIFO, S_IFCHR…), links not followed.
    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    // MARK: standard output

    @Test(
        "a failed write to standard output is one line with the OS reason and exit 74, in every command",
        arguments: [
            ["validate", "--json", race],
            ["build", sample.appendingPathComponent("stops.csv").path],
            ["inspect", "--json", track],
            ["simulate", race, tracks, "--format", "html"],
            ["optimize", race, "--time-limit", "0", "--iterations", "10"],
            ["modes", "--json"],
            ["--help"],  // ArgumentParser's own output, flushed at exit
            ["synth", "--help"],
            ["--version"],
        ])
    func fullStandardOutput(arguments: [String]) throws {
        let result = try RaceKitBinary.run(arguments, standardOutputPath: "/dev/full")
        #expect(result.status == 74, "\(result.stderr)")
        // The command's own diagnostics (build's validation notes, say) may come first.
        let lines = result.stderr.split(separator: "\n").filter {
            $0.hasPrefix("racekit:") && !$0.hasPrefix("racekit: warning")
        }
        #expect(lines == ["racekit: cannot write to standard output: No space left on device"])
    }

    @Test("fence-events to a full standard output")
    func fenceEventsFullStandardOutput() throws {
        let folder = try TemporaryFolder()
        let stops = try folder.write("stops.csv", "id,lat,lon,radius_m\n7,0,0.001,50\n")
        let positions = try folder.write(
            "positions.csv", "participant,t,lat,lon\nr,0,0,0\nr,60,0,0.001\nr,120,0,0.002\n")
        let result = try RaceKitBinary.run(
            ["fence-events", "--stops", stops, "--positions", positions], standardOutputPath: "/dev/full")
        #expect(result.status == 74)
        #expect(result.stderr == "racekit: cannot write to standard output: No space left on device\n")
    }

    // MARK: a full disk

    @Test(
        "on a full disk every writing command leaves the existing output whole, and no temporary file",
        arguments: [
            (["format", "%OUT"], "race.json"),
            (["format", race, "-o", "%OUT"], "out.json"),
            (["build", sample.appendingPathComponent("stops.csv").path, "-o", "%OUT"], "out.json"),
            (["convert", track, "%OUT"], "out.geojson"),
            (["simulate", race, tracks, "--format", "html", "-o", "%OUT"], "out.html"),
            (["optimize", "%OUT", "-o", "%OUT", "--time-limit", "0", "--iterations", "10"], "race.json"),
        ])
    func fullDisk(arguments: [String], name: String) throws {
        let folder = try TemporaryFolder()
        let (path, before) = try existing(folder, name)
        let result = try RaceKitBinary.run(arguments.map { $0 == "%OUT" ? path : $0 }, fileSizeLimitBlocks: 1)
        #expect(result.status == 74, "\(result.stdout)")
        #expect(result.stderr.contains("\(path): error: cannot write the file: File too large"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try expectOnly([name], in: folder)
    }

    @Test("optimize --tsplib -o on a full disk keeps the old tour file")
    func optimizeTourFullDisk() throws {
        let folder = try TemporaryFolder()
        let tsp = SimulateCommandTests.routes.deletingLastPathComponent().appendingPathComponent(
            "Tests/RouteOptimizerTests/Fixtures/tiny6.tsp"
        ).path
        let (path, before) = try existing(folder, "tiny6.tour")
        // A limit of 0 blocks: not one byte can be written to any file.
        let result = try RaceKitBinary.run(
            ["optimize", "--tsplib", tsp, "--time-limit", "0", "--iterations", "5", "-o", path],
            fileSizeLimitBlocks: 0)
        #expect(result.status == 74)
        #expect(result.stderr == "racekit: \(path): error: cannot write the file: File too large\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try expectOnly(["tiny6.tour"], in: folder)
    }

    @Test("synth on a full disk writes no track and leaves no folder")
    func synthFullDisk() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("tracks/new").path
        let result = try RaceKitBinary.run(
            ["synth", Self.race, "--participants", "3", "-o", output], fileSizeLimitBlocks: 8)
        #expect(result.status == 74)
        #expect(
            result.stderr.contains("001-anna.gpx: error: cannot write the file: File too large"), "\(result.stderr)")
        try expectOnly([], in: folder)
    }

    @Test("synth on a full disk keeps the tracks already in the folder")
    func synthKeepsOldTracks() throws {
        let folder = try TemporaryFolder()
        let first = try RaceKitBinary.run(["synth", Self.race, "--participants", "3", "-o", folder.url.path])
        #expect(first.status == 0)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
        let before = try names.map { try Data(contentsOf: folder.url.appendingPathComponent($0)) }
        let again = try RaceKitBinary.run(
            ["synth", Self.race, "--participants", "3", "--seed", "2", "-o", folder.url.path],
            fileSizeLimitBlocks: 8)
        #expect(again.status == 74)
        try expectOnly(names, in: folder)
        #expect(try names.map { try Data(contentsOf: folder.url.appendingPathComponent($0)) } == before)
    }

    // MARK: failing commands and unwritable places

    @Test("build with errors in the race writes nothing: `build in.csv -o in.csv` keeps the CSV")
    func buildFailureKeepsInput() throws {
        let folder = try TemporaryFolder()
        let text = "id,name,lat,lon\na,A,47.3,8.5\na,B,47.31,8.5\n"
        let csv = try folder.write("stops.csv", text)
        let result = try RaceKitBinary.run(["build", csv, "-o", csv])
        #expect(result.status == 1 && result.stderr.contains("duplicate-id"))
        #expect(try String(contentsOfFile: csv, encoding: .utf8) == text)
        let toStandardOutput = try RaceKitBinary.run(["build", csv])
        #expect(toStandardOutput.status == 1 && toStandardOutput.stdout.isEmpty)
    }

    @Test("a folder that cannot hold the output (a file in the path, which stops root too) is named with the reason")
    func unwritableFolder() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("plain", "x")
        let format = try RaceKitBinary.run(["format", Self.race, "-o", file + "/race.json"])
        #expect(format.status == 74)
        #expect(format.stderr == "racekit: \(file)/race.json: error: cannot write the file: Not a directory\n")
        let synth = try RaceKitBinary.run(["synth", Self.race, "--participants", "2", "-o", file + "/tracks"])
        #expect(synth.status == 74)
        #expect(synth.stderr == "racekit: \(file)/tracks: error: cannot create the folder: Not a directory\n")
        let convert = try RaceKitBinary.run(["convert", Self.track, folder.url.path + "/missing/out.geojson"])
        #expect(
            convert.status == 74
                && convert.stderr.contains(
                    "missing/out.geojson: error: cannot write the file: No such file or directory")
        )
        try expectOnly(["plain"], in: folder)
    }

    @Test(
        "a read-only folder: refused with the OS reason, the file in it untouched (as nobody when the tests run as root)"
    )
    func readOnlyFolder() throws {
        // As root, only another user feels permission bits: util-linux's setpriv makes one.
        guard geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let folder = try TemporaryFolder()
        let locked = folder.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        let race = try String(contentsOfFile: Self.race, encoding: .utf8)
        let inside = locked.appendingPathComponent("race.json").path
        try race.write(toFile: inside, atomically: false, encoding: .utf8)
        // The file itself may be written, the folder may not: no temporary file can go beside it.
        chmod(inside, 0o666)
        chmod(locked.path, 0o555)
        defer { chmod(locked.path, 0o755) }
        let source = try folder.write("source.json", race.replacingOccurrences(of: "Zürich Old Town", with: "Renamed"))
        let result = try RaceKitBinary.run(["format", source, "-o", inside], unprivileged: true)
        #expect(result.status == 74)
        #expect(result.stderr == "racekit: \(inside): error: cannot write the file: Permission denied\n")
        #expect(try String(contentsOfFile: inside, encoding: .utf8) == race)
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path) == ["race.json"])
    }

    // MARK: what -o names

    @Test("a symbolic link stays a link: its target gets the output, with its permissions kept")
    func symbolicLink() throws {
        let folder = try TemporaryFolder()
        let (target, _) = try existing(folder, "target.json")
        chmod(target, 0o640)
        let link = folder.url.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.json")
        let source = try folder.write(
            "source.json",
            try String(contentsOfFile: Self.race, encoding: .utf8)
                .replacingOccurrences(of: "Zürich Old Town", with: "Renamed"))
        let result = try RaceKitBinary.run(["format", source, "-o", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.json")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Renamed"))
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        try expectOnly(["target.json", "link.json", "source.json"], in: folder)
    }

    @Test("a pipe is written straight through, not replaced by a file")
    func pipe() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let received = Pipe()
        reader.standardOutput = received
        try reader.run()
        let result = try RaceKitBinary.run(["format", Self.race, "-o", fifo])
        let text = String(decoding: received.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(text.contains("\"format\": \"racekit.race/1\""))
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test(
        "a device is written straight through: a full one is an error and stays a device (a private copy of /dev/full)")
    func device() throws {
        let folder = try TemporaryFolder()
        let full = folder.url.appendingPathComponent("full").path, null = folder.url.appendingPathComponent("null").path
        // Creating devices needs root (CAP_MKNOD); without it there is nothing to test here.
        // Device numbers 1:7 (full) and 1:3 (null) in the kernel's small encoding, major << 8 | minor.
        guard mknod(full, S_IFCHR | 0o666, 0x107) == 0, mknod(null, S_IFCHR | 0o666, 0x103) == 0 else { return }
        let failing = try RaceKitBinary.run(["format", Self.race, "-o", full])
        #expect(failing.status == 74)
        #expect(failing.stderr == "racekit: \(full): error: cannot write: No space left on device\n")
        let passing = try RaceKitBinary.run(["format", Self.race, "-o", null])
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(fileType(full) == S_IFCHR && fileType(null) == S_IFCHR)
        try expectOnly(["full", "null"], in: folder)
    }

    @Test("a folder under /dev that holds files (the tmpfs /dev/shm) is written like any other")
    func folderUnderDev() throws {
        let folder = "/dev/shm/racekit-output-\(UUID().uuidString)"
        // A machine without a writable /dev/shm has nothing to test here.
        guard mkdir(folder, 0o755) == 0 else { return }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try RaceKitBinary.run(["synth", Self.race, "--participants", "2", "-o", folder + "/tracks"])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/tracks")
        #expect(written.count == 2 && written.allSatisfy { $0.hasSuffix(".gpx") }, "\(written)")
    }

    @Test("-o /dev/stdout redirected to a file writes into the shell's file, not a new one beside it")
    func standardOutputByName() throws {
        let folder = try TemporaryFolder()
        let redirected = folder.url.appendingPathComponent("out.json").path
        #expect(FileManager.default.createFile(atPath: redirected, contents: nil))
        let result = try RaceKitBinary.run(
            ["format", Self.race, "-o", "/dev/stdout"], standardOutputPath: redirected)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: redirected, encoding: .utf8)
        #expect(text.contains("\"format\": \"racekit.race/1\""))
        try expectOnly(["out.json"], in: folder)
    }
}
