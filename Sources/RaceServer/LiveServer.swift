import Foundation
import Hummingbird
import Logging
import RaceLive
import ServiceLifecycle

/// `racekit serve`: the live server over the embedded store, or any other `LiveStore`.
public enum LiveServer {
    /// The database file's name in the data folder.
    public static let databaseFileName = "racekit.sqlite"

    /// Opens (creating the folder and the file if needed) and migrates the store in `dataDirectory`.
    public static func openStore(dataDirectory: String, logger: Logger) async throws -> SQLiteLiveStore {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let store = try await SQLiteLiveStore(
            path: (dataDirectory as NSString).appendingPathComponent(databaseFileName), logger: logger)
        try await store.migrate()
        return store
    }

    /// The router with every route of the API (``LiveAPI``) and request logging; HEAD wherever
    /// GET is (the GET answer without its body).
    public static func makeRouter(api: LiveAPI) -> Router<LiveRequestContext> {
        let router = Router(context: LiveRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.middlewares.add(LogRequestsMiddleware(.info))
        api.addRoutes(to: router)
        return router
    }

    /// The application: the router on `host`:`port` (0 for any free port; `onRunning` gets the
    /// port bound); connections silent for ``LiveServerSettings/idleTimeoutSeconds`` are closed.
    /// ``run(store:storeMetadata:host:port:settings:logger:)`` runs it in a service
    /// group that shuts it down gracefully on SIGTERM and SIGINT, within
    /// ``LiveServerSettings/shutdownTimeoutSeconds``.
    public static func makeApplication(
        api: LiveAPI, host: String, port: Int, logger: Logger,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: makeRouter(api: api),
            server: .http1(
                configuration: .init(idleTimeout: .nanoseconds(Int64(api.settings.idleTimeoutSeconds * 1e9)))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "racekit"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) }, logger: logger)
    }

    /// Runs the server over the SQLite store in `dataDirectory` until SIGTERM or SIGINT, then closes the store.
    public static func run(
        dataDirectory: String, host: String, port: Int, settings: LiveServerSettings = LiveServerSettings(),
        logger: Logger
    ) async throws {
        let store = try await openStore(dataDirectory: dataDirectory, logger: logger)
        try await run(
            store: store, storeMetadata: ["dataDirectory": .string(dataDirectory)], host: host, port: port,
            settings: settings, logger: logger)
    }

    /// Runs the server over `store` (opened and migrated) until SIGTERM or SIGINT, then closes
    /// the store; `storeMetadata` says in the start log line which store it is.
    public static func run(
        store: any LiveStore, storeMetadata: Logger.Metadata, host: String, port: Int,
        settings: LiveServerSettings = LiveServerSettings(), logger: Logger
    ) async throws {
        let hub = RaceHub(store: store, standingsSpacing: .seconds(settings.minimumSecondsBetweenEvents))
        await hub.followOtherInstances(logger: logger)
        let app = makeApplication(api: LiveAPI(hub: hub, settings: settings), host: host, port: port, logger: logger) {
            bound in
            logger.notice(
                "racekit serve listening",
                metadata: ["host": .string(host), "port": .stringConvertible(bound)].merging(storeMetadata) { $1 })
        }
        var group = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = .seconds(settings.shutdownTimeoutSeconds)
        group.maximumCancellationDuration = .seconds(settings.shutdownTimeoutSeconds)
        do {
            try await ServiceGroup(configuration: group).run()
        } catch {
            try? await store.close()
            throw error
        }
        await hub.finishViewers()
        try await store.close()
        logger.notice("racekit serve stopped")
    }
}
