import Foundation
import Hummingbird
import RaceLive
import RaceServer
import Testing

/// docs/openapi.yaml describes exactly the routes the server registers: each route the router
/// has is in the document, and each operation of the document is a route.
@Suite struct OpenAPIDocumentTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")

    /// `METHOD /path` for every operation under `paths:` (two-space path keys, four-space methods).
    static func documentedOperations() throws -> Set<String> {
        let text = try String(contentsOf: document, encoding: .utf8)
        var operations: Set<String> = []
        var inPaths = false
        var path: String?
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            guard inPaths else { continue }
            if !line.isEmpty, !line.hasPrefix(" ") { break }  // the next top-level key
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let path {
                let key = line.dropFirst(4).prefix { $0 != ":" }
                if methods.contains(String(key)) { operations.insert("\(key.uppercased()) \(path)") }
            }
        }
        return operations
    }

    @Test func routesAndDocumentAgree() async throws {
        let store = try await SQLiteLiveStore(path: nil)
        let router = LiveServer.makeRouter(api: LiveAPI(hub: RaceHub(store: store)))
        let registered = Set(router.routes.map { "\($0.method.rawValue) \($0.path)" })
        let documented = try Self.documentedOperations()
        #expect(registered.count >= 12)
        #expect(registered.subtracting(documented).sorted() == [], "routes missing from docs/openapi.yaml")
        #expect(
            documented.subtracting(registered).sorted() == [], "operations in docs/openapi.yaml that the server lacks")
        #expect(try String(contentsOf: Self.document, encoding: .utf8).hasPrefix("openapi: 3.1."))
        try await store.close()
    }
}
