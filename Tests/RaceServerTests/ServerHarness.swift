import Foundation
import Hummingbird
import HummingbirdTesting
import LiveStoreTestSupport
import Logging
import RaceKitCore
import RaceLive
import RaceServer

/// A clock tests set by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double
    init(_ value: Double) { self.value = value }
    var now: Double {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// A server on loopback (an ephemeral port) over a fresh store of the given kind (SQLite in
/// memory, or a new PostgreSQL database of the test cluster), for one test: HummingbirdTesting's
/// live framework starts it, gives the test a client, and stops it when the test ends or fails
/// (each request times out after 20 s). The client holds every answer to docs/openapi.yaml.
enum ServerHarness {
    static let routes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Routes")

    static func withServer<T>(
        _ kind: TestStoreKind = .sqlite, clock: ManualClock, settings: LiveServerSettings = LiveServerSettings(),
        _ body: @Sendable (any TestClientProtocol) async throws -> T
    ) async throws -> T {
        let made = try await TestStores.make(kind)
        let store = made.store
        var logger = Logger(label: "racekit.test")
        logger.logLevel = .warning
        let hub = RaceHub(
            store: store, clock: { clock.now }, standingsSpacing: .seconds(settings.minimumSecondsBetweenEvents))
        let api = LiveAPI(hub: hub, settings: settings)
        let app = LiveServer.makeApplication(api: api, host: "127.0.0.1", port: 0, logger: logger)
        // Every answer is checked against docs/openapi.yaml as it comes.
        do {
            let result = try await app.test(.live) { client in try await body(ConformingClient(base: client)) }
            try await made.dispose()
            return result
        } catch {
            try? await made.dispose()
            throw error
        }
    }

    static func json(_ response: TestResponse) throws -> JSONValue {
        try JSONParser.parse(Array(response.body.readableBytesView), file: "response")
    }

    static func bearer(_ token: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        return headers
    }

    static func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
}

extension JSONValue {
    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    var array: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
}
