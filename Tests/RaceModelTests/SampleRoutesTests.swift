import Foundation
import RaceModel
import Testing

/// The sample races in Routes/ are what the README's main command runs: they must be clean.
struct SampleRoutesTests {
    static let routes = SchemaTests.root.appendingPathComponent("Routes")

    static var raceFiles: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: routes.path)) ?? []
        return folders.sorted().map { routes.appendingPathComponent($0).appendingPathComponent("race.json").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    @Test("there are at least three sample races")
    func count() {
        #expect(Self.raceFiles.count >= 3)
    }

    @Test("every sample race validates without errors", arguments: raceFiles)
    func validates(file: String) throws {
        let issues = RaceValidator().validate(try RaceFile.read(path: file))
        #expect(issues.filter { $0.severity == .error }.isEmpty, "\(issues.map { $0.formatted(file: file) })")
    }

    @Test("every sample race is in canonical form (racekit format leaves it unchanged)", arguments: raceFiles)
    func canonical(file: String) throws {
        let reading = try RaceFile.read(path: file)
        #expect(RaceFile.text(try #require(reading.race)) == (try String(contentsOfFile: file, encoding: .utf8)))
    }
}
