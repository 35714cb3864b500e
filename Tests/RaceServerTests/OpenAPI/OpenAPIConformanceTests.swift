import Foundation
import RaceKitCore
import Testing

/// The checker that holds every server test to docs/openapi.yaml reads the whole document and
/// catches what it should (so a silent checker cannot pass for a conforming server).
@Suite struct OpenAPIConformanceTests {
    @Test func theDocumentReadsWhole() throws {
        let document = try OpenAPIConformance.document.get()
        guard case .object(let paths)? = document.root["paths"] else {
            Issue.record("no paths")
            return
        }
        let methods: Set<String> = ["get", "put", "post", "delete", "patch"]
        var operations: Set<String> = []
        for path in paths {
            guard case .object(let items) = path.value else { continue }
            for item in items where methods.contains(item.key) {
                operations.insert("\(item.key.uppercased()) \(path.key)")
                #expect(item.value["responses"] != nil, "\(item.key) \(path.key) has no responses")
            }
        }
        // The same operations as the line-based reader of OpenAPIDocumentTests finds.
        #expect(operations == (try OpenAPIDocumentTests.documentedOperations()))
        // Anchors and aliases: the OsmAnd POST shares the GET's parameters and responses.
        #expect(
            document.root["paths"]?["/osmand"]?["post"]?["responses"]
                == paths.first { $0.key == "/osmand" }?.value["get"]?["responses"])
        #expect(document.root["paths"]?["/osmand"]?["post"]?["parameters"]?.array?.count == 9)
        #expect(
            document.operation(method: "GET", path: "/races/r-1/results.json?token=x")?.template
                == "/races/{race}/results.json")
        #expect(document.operation(method: "GET", path: "/races/r-1")?.template == "/races/{race}")
        #expect(document.operation(method: "DELETE", path: "/races/r-1") == nil)
    }

    @Test func bodiesAreCheckedAgainstTheirSchemas() throws {
        let document = try OpenAPIConformance.document.get()
        let standings = JSONValue.object([JSONMember("$ref", .string("#/components/schemas/Standings"))])
        let good = try JSONParser.parse(
            Array(#"{"raceID": "r", "sequence": 3, "status": "started", "report": null}"#.utf8), file: "t")
        #expect(document.validate(good, standings, at: "") == [])
        let bad = try JSONParser.parse(
            Array(#"{"raceID": 1, "sequence": 2.5, "status": "paused", "report": null, "problem": "x"}"#.utf8),
            file: "t")
        #expect(
            document.validate(bad, standings, at: "").sorted()
                == [
                    "/raceID: expected string, got a number", "/sequence: expected integer, got a number",
                    "/status: \"paused\" is not one of [\"created\",\"started\",\"ended\"]",
                ].sorted())
        let missing = try JSONParser.parse(Array(#"{"sequence": 0, "status": "ended"}"#.utf8), file: "t")
        #expect(
            document.validate(missing, standings, at: "").sorted() == [
                "/: required \"raceID\" is missing", "/: required \"report\" is missing",
            ])
        let token = JSONValue.object([
            JSONMember("type", .string("string")), JSONMember("pattern", .string("^[0-9a-f]{64}$")),
        ])
        #expect(document.validate(.string(String(repeating: "a", count: 64)), token, at: "") == [])
        #expect(document.validate(.string("xyz"), token, at: "/t").count == 1)
    }
}
