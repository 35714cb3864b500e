import Foundation
import LiveStoreTestSupport
import Testing

/// The test helper itself: what it runs must not be able to stall it.
struct RaceKitBinaryTests {
    @Test(
        "a command that writes hundreds of KiB to both standard output and standard error completes",
        .hangGuard)
    func bothPipesFull() throws {
        // 1 000 pairs of twin stops: a race file on stdout and a warning per pair on stderr,
        // each far beyond a pipe's 64 KiB.
        var csv = "name,lat,lon\n"
        for i in 0..<1000 {
            let lat = String(format: "%.2f", 40 + Double(i) * 0.01)
            csv += "a\(i),\(lat),8\nb\(i),\(lat),8\n"
        }
        let folder = try TemporaryFolder()
        let result = try RaceKitBinary.run(["build", try folder.write("twins.csv", csv), "--course", "none"])
        #expect(result.status == 0)
        #expect(result.stdout.utf8.count > 128 * 1024 && result.stderr.utf8.count > 128 * 1024)
        #expect(result.stderr.components(separatedBy: "[duplicate-position]").count - 1 == 1000)
    }
}

struct RaceKitLinkingTests {
    @Test("racekit does not link PROJ: commands that never project start without loading it")
    func projIsNotLinked() throws {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [RaceKitBinary.url.path]
        let out = Pipe()
        ldd.standardOutput = out
        try ldd.run()
        let libraries = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        #expect(ldd.terminationStatus == 0)
        #expect(libraries.contains("libswiftCore"), "ldd listed: \(libraries)")
        #expect(!libraries.contains("libproj"), "ldd listed: \(libraries)")
    }
}
