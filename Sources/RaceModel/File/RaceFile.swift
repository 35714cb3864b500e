import GeoCore
import GeoFormats
import RaceKitCore

/// The race file: versioned JSON (`"format": "racekit.race/1"`), documented in
/// docs/race-format.md with a JSON Schema in schemas/racekit.race-1.schema.json.
public enum RaceFile {
    /// What reading a race file gives: the race when its structure is usable, and every
    /// problem found on the way (types, missing fields, unknown keys…), each with its path.
    public struct Reading: Sendable {
        /// The race, when the file's structure is usable (possibly with problems in `issues`).
        public var race: Race?
        /// Every problem found while decoding, each with its JSON path.
        public var issues: [ValidationIssue]
        /// Where each decoded stop, course, participant and team stands in the file (elements
        /// too broken to decode are left out of the race, so positions can differ).
        public var sources: SourceIndices
    }

    /// Reads a race file.
    /// - Throws: `InputError` when the file cannot be read or is not JSON at all
    ///   (with the line and column of the syntax error).
    public static func read(path: String) throws(InputError) -> Reading {
        decode(try JSONParser.parse(try FileBytes.read(path), file: path))
    }

    /// Decodes a race from parsed JSON.
    public static func decode(_ json: JSONValue) -> Reading {
        var context = DecodingContext()
        var sources = SourceIndices()
        let race = RaceDecoder.race(json, &context, &sources)
        sources.undecodedStopIDs = context.undecodedStopIDs
        return Reading(race: race, issues: context.issues, sources: sources)
    }

    /// The race as JSON, fields in a fixed order: the same race always gives the same bytes.
    public static func encode(_ race: Race) -> JSONValue {
        RaceEncoder.race(race)
    }

    /// The race as the text of a race file (pretty JSON with a final newline).
    public static func text(_ race: Race) -> String {
        encode(race).serialized() + "\n"
    }
}

/// For each element of a race's arrays, its index in the file's array: what validation paths
/// must name. Empty arrays mean "the same index" (a race built in memory).
public struct SourceIndices: Hashable, Sendable {
    /// The file index of each decoded stop.
    public var stops: [Int] = []
    /// The file index of each decoded course.
    public var courses: [Int] = []
    /// The file index of each decoded participant.
    public var participants: [Int] = []
    /// The file index of each decoded team.
    public var teams: [Int] = []
    /// Ids of stops the file has but that were too broken to decode: their problem is reported
    /// where it is, so a course naming one is not also reported as naming an unknown stop.
    public var undecodedStopIDs: Set<String> = []

    /// Empty indices: every element is where its array position says.
    public init() {}
}
