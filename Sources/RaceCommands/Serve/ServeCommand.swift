import ArgumentParser
import Foundation
import Logging
import RaceServer

/// `racekit serve`: the live race server (docs/live-server.md).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the live race server: organisers create races, phones stream fixes, viewers follow standings.",
        discussion: """
            Stores everything in an SQLite file (racekit.sqlite, WAL) in --data-dir, created if needed. Logs \
            go to standard error as key=value lines; SIGTERM or SIGINT (Ctrl-C) stops the server gracefully. \
            The API is described in docs/openapi.yaml, the setup in docs/live-server.md.
            """
    )

    @Option(help: "Folder of the server's database (created if missing).") var dataDir = "racekit-data"
    @Option(help: "Address to listen on (127.0.0.1: this machine only; 0.0.0.0: every interface).") var host =
        "127.0.0.1"
    @Option(help: "Port to listen on (0: any free port, logged at start).") var port = 8080

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty.") }
    }

    func run() throws {
        let logger = Logger(label: "racekit.serve")
        let outcome = ServeOutcome()
        let (dataDir, host, port) = (dataDir, host, port)
        // ArgumentParser runs racekit synchronously; the server is async, so this thread waits.
        Task {
            do { try await LiveServer.run(dataDirectory: dataDir, host: host, port: port, logger: logger) } catch {
                outcome.error = "\(error)"
            }
            outcome.done.signal()
        }
        outcome.done.wait()
        if let error = outcome.error {
            Standard.error("racekit: serve: \(error)")
            throw ExitCode(1)
        }
    }
}

/// The async server's result, handed to the waiting command thread.
private final class ServeOutcome: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    // Written once by the server task before `done` is signalled; read after the wait.
    var error: String?
}
