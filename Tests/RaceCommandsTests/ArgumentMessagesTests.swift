import Testing

/// What ArgumentParser says about the user's arguments reaches the terminal with control
/// characters escaped, like every other message.
struct ArgumentMessagesTests {
    @Test("an option value with ESC ]0;… and BEL is echoed escaped in the usage error (exit 64)")
    func escapedOptionValue() throws {
        let result = try RaceKitBinary.run(["fence-check", "--generate", "x\u{1B}]0;pwned\u{07}"])
        #expect(result.status == 64)
        #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        #expect(result.stderr.contains("x\\u001b]0;pwned\\u0007"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: racekit fence-check"))
    }

    @Test("help still goes to standard output with exit 0; a command's own failure keeps its exit code")
    func helpAndExitCodes() throws {
        let help = try RaceKitBinary.run(["validate", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: racekit validate") && help.stderr.isEmpty)
        let missing = try RaceKitBinary.run(["validate", "/nonexistent/race.json"])
        #expect(missing.status == 2 && missing.stdout.isEmpty)
    }
}
