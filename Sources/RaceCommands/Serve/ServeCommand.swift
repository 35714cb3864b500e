import ArgumentParser
import Foundation
import Logging
import RaceLivePostgres
import RaceServer

/// `racekit serve`: the live race server (docs/live-server.md).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the live race server: organisers create races, phones stream fixes, viewers follow standings.",
        discussion: """
            Stores everything in an SQLite file (racekit.sqlite, WAL) in --data-dir, created if needed, or \
            with --database in a PostgreSQL database (its tables are created on start). Several instances \
            may share one database behind a load balancer: any of them takes any request, and each \
            follows the others' writes (docs/scaling.md). Logs go to standard error as key=value lines; \
            SIGTERM or SIGINT (Ctrl-C) stops \
            the server gracefully: requests still running get --shutdown-timeout seconds to finish. The API is described in docs/openapi.yaml, the setup in \
            docs/live-server.md.
            """
    )

    @Option(help: "Folder of the server's SQLite database (created if missing).") var dataDir = "racekit-data"
    @Option(
        help: ArgumentHelp(
            "PostgreSQL database to use instead of the SQLite file in --data-dir: "
                + "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (sslmode: see docs/live-server.md).",
            valueName: "url")) var database: String?
    @Option(help: "Address to listen on (127.0.0.1: this machine only; 0.0.0.0: every interface).") var host =
        "127.0.0.1"
    @Option(help: "Port to listen on (0: any free port, logged at start).") var port = 8080
    @Option(
        help: ArgumentHelp(
            "Seconds that requests still running at SIGTERM or SIGINT get to finish before they are cancelled.",
            valueName: "seconds")) var shutdownTimeout: Double = LiveServerSettings().shutdownTimeoutSeconds
    @Option(
        help: ArgumentHelp(
            "Least severe log lines written: trace, debug, info (one line per request), notice (start and stop), warning, error or critical.",
            valueName: "level")) var logLevel = "info"
    @Option(
        help: ArgumentHelp(
            "Seconds a connection may stay silent (no request, or a request that stops coming) before it is closed.",
            valueName: "seconds")) var idleTimeout: Double = LiveServerSettings().idleTimeoutSeconds
    @Option(
        help: ArgumentHelp(
            "Least seconds between two leaderboard updates of a race to its viewers: lower is fresher, higher costs less under load.",
            valueName: "seconds")) var eventSpacing: Double = LiveServerSettings().minimumSecondsBetweenEvents

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty.") }
        guard shutdownTimeout.isFinite, (0...3_600).contains(shutdownTimeout) else {
            throw ValidationError("--shutdown-timeout must be a number of seconds from 0 to 3600.")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "--log-level must be one of: \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard idleTimeout.isFinite, (0.1...86_400).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be a number of seconds from 0.1 to 86400.")
        }
        guard eventSpacing.isFinite, (0...60).contains(eventSpacing) else {
            throw ValidationError("--event-spacing must be a number of seconds from 0 to 60.")
        }
        if let database {
            do { _ = try PostgresURL(database) } catch { throw ValidationError("--database: \(error)") }
        }
    }

    func run() throws {
        var logger = Logger(label: "racekit.serve", factory: ServerLogHandler.standardError)
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let outcome = ServeOutcome()
        let (dataDir, database, host, port) = (dataDir, database, host, port)
        var settings = LiveServerSettings()
        settings.shutdownTimeoutSeconds = shutdownTimeout
        settings.idleTimeoutSeconds = idleTimeout
        settings.minimumSecondsBetweenEvents = eventSpacing
        // ArgumentParser runs racekit synchronously; the server is async, so this thread waits.
        Task {
            do {
                if let database {
                    let store = try await Self.openPostgres(database, logger: logger)
                    try await LiveServer.run(
                        store: store, storeMetadata: ["database": .string(try PostgresURL(database).redacted)],
                        host: host, port: port, settings: settings, logger: logger)
                } else {
                    try await LiveServer.run(
                        dataDirectory: dataDir, host: host, port: port, settings: settings, logger: logger)
                }
            } catch {
                outcome.error = "\(error)"
            }
            outcome.done.signal()
        }
        outcome.done.wait()
        if let error = outcome.error {
            Standard.error("racekit: serve: \(error)")
            throw RaceKitExitCode.problemsFound.error
        }
    }
}

extension ServeCommand {
    /// The PostgreSQL store at `url`, migrated; a clear error when the server cannot be reached.
    static func openPostgres(_ url: String, logger: Logger) async throws -> PostgresLiveStore {
        do {
            return try await PostgresLiveStore.open(url: url, logger: logger)
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw PostgresStoreError(
                "cannot use the database \(try PostgresURL(url).redacted): \(String(reflecting: error))")
        }
    }
}

/// The async server's result, handed to the waiting command thread.
private final class ServeOutcome: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    // Written once by the server task before `done` is signalled; read after the wait.
    var error: String?
}
