import Foundation
import GeoFormats
import RaceKitCore
import RaceModel
import Testing

/// The published JSON Schema and the reader agree on the fields.
struct SchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every property name the schema declares, anywhere.
    private func schemaFields() throws -> Set<String> {
        let bytes = Array(try Data(contentsOf: Self.root.appendingPathComponent("schemas/racekit.race-1.schema.json")))
        var names = Set<String>()
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for member in members {
                    if member.key == "properties", case .object(let properties) = member.value {
                        names.formUnion(properties.map(\.key))
                    }
                    walk(member.value)
                }
            case .array(let elements): elements.forEach(walk)
            default: break
            }
        }
        walk(try JSONParser.parse(bytes, file: "schema"))
        return names
    }

    /// Every member name in a JSON value, except inside the mode's free-form config.
    private func keys(_ value: JSONValue) -> Set<String> {
        switch value {
        case .object(let members):
            return members.reduce(into: Set(members.map(\.key))) { names, member in
                if member.key != "config" { names.formUnion(keys(member.value)) }
            }
        case .array(let elements): return elements.reduce(into: []) { $0.formUnion(keys($1)) }
        default: return []
        }
    }

    @Test("every field the writer emits is declared in the schema")
    func writerFieldsAreInTheSchema() throws {
        var race = RaceFixtures.oldTown
        race.stops[0].notes = "meet here"
        race.rules.requiredAccuracyMeters = 30
        race.courses.append(
            Course(id: "any", name: "Any", controls: [.anyOrder(["lindenhof"])], optional: ["lindenhof"]))
        race.teams = [Team(id: "t", name: "T")]
        race.participants = [Participant(id: "p", name: "P", team: "t", course: "any")]
        let missing = keys(RaceFile.encode(race)).subtracting(try schemaFields())
        #expect(missing.isEmpty, "not in the schema: \(missing.sorted())")
    }
}
