import RaceKitCore
import Testing

/// The shared diagnostic: its codes, its locations and how both render.
struct InputErrorTests {
    @Test("locations render as file, file:line, file:line:column or file:/json/pointer")
    func locations() {
        #expect(SourceLocation(file: "a.csv").description == "a.csv")
        #expect(SourceLocation(file: "a.csv", line: 4).description == "a.csv:4")
        #expect(SourceLocation(file: "a.csv", line: 4, column: 7).description == "a.csv:4:7")
        #expect(SourceLocation(file: "m.json", jsonPointer: "/matrix/2/0").description == "m.json:/matrix/2/0")
        #expect(SourceLocation(file: "m.json", jsonPointer: "").description == "m.json:/")
        #expect(SourceLocation(file: "m.json", jsonPointer: "/0") != SourceLocation(file: "m.json", line: 0))
    }

    @Test("an error keeps its code; one made without a code is invalid-input")
    func codes() {
        let plain = InputError(SourceLocation(file: "a.csv", line: 2), "bad")
        #expect(plain.code == .invalidInput && plain.code.rawValue == "invalid-input")
        let coded = InputError(InputError.Code(rawValue: "too-big"), "bad", at: SourceLocation(file: "a.csv", line: 2))
        #expect(coded.code.rawValue == "too-big" && coded.description == plain.description && coded != plain)
    }

    @Test("a problem in values built in code is rendered without a location")
    func inProgram() {
        let error = InputError(InputError.Code(rawValue: "cycle"), "precedence cycle: 'B' → 'C' → 'B'")
        #expect(error.location.isInProgram)
        #expect(error.description == "error: precedence cycle: 'B' → 'C' → 'B'")
    }

    @Test("JSON pointers escape '~' and '/' (RFC 6901)")
    func pointers() {
        #expect(JSONPointer.appending(JSONPointer.appending("", "a/b~c"), 3) == "/a~1b~0c/3")
    }
}
