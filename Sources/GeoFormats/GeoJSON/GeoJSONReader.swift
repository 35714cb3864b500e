import GeoCore
import RaceKitCore

/// Reads GeoJSON (RFC 7946; JSON per RFC 8259) fast: one pass over the bytes, positions parsed
/// straight into ``GeoJSONPosition`` arrays (no JSON value per number), everything else into
/// `JSONValue`. Then checks what RFC 7946 requires, naming the JSON path of any problem:
/// `area.geojson:12:7: error: /features/3/geometry/coordinates/0: the ring is not closed…`.
///
/// Checked: the `type` members; coordinates nested as the type needs; at least two positions per
/// LineString and four per ring; rings closed; longitude within ±180 and latitude within ±90.
/// Either ring winding is accepted (RFC 7946 §3.1.6 says parsers SHOULD NOT reject it); foreign
/// members are ignored; a name twice in one object (two `coordinates`, say) is an error at the
/// second, since readers disagree on which one wins. Strings, numbers and nesting follow
/// `JSONParser`'s rules (its tokenizer reads them): valid UTF-8, paired `\u` surrogates,
/// finite numbers, at most `JSONParser.maximumDepth` levels.
public enum GeoJSONReader {
    /// Reads a file.
    public static func read(path: String) throws(InputError) -> GeoJSONObject {
        try parse(FileBytes.read(path), file: path)
    }

    /// Parses bytes; `file` names them in messages.
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> GeoJSONObject {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
            var parser = GeoJSONSyntax(bytes: buffer, file: file)
            let node = try parser.document()
            return try GeoJSONBuilder(syntax: parser).object(node, path: "")
        }
    }
}

/// A parsed JSON value whose `coordinates` members are already positions; offsets for messages.
indirect enum GeoJSONNode {
    case null, bool(Bool), number(Double), string(String)
    case array([GeoJSONNode], offset: Int)
    case object([(key: String, value: GeoJSONNode)], offset: Int)
    case coordinates(GeoJSONCoordinates)

    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array, .coordinates: return "an array"
        case .object: return "an object"
        }
    }

    func member(_ key: String) -> GeoJSONNode? {
        guard case .object(let members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// As the module's general JSON value (properties, ids, foreign members).
    var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let items, _): return .array(items.map(\.jsonValue))
        case .object(let members, _): return .object(members.map { JSONMember($0.key, $0.value.jsonValue) })
        case .coordinates(let c): return c.jsonValue
        }
    }
}

/// Nested coordinate arrays: a position or a list, with the byte offset of its `[`.
indirect enum GeoJSONCoordinates {
    case position(GeoJSONPosition, offset: Int)
    case list([GeoJSONCoordinates], offset: Int)
    case empty(offset: Int)

    var offset: Int {
        switch self {
        case .position(_, let o), .list(_, let o), .empty(let o): return o
        }
    }

    var jsonValue: JSONValue {
        switch self {
        case .position(let p, _):
            return .array([.number(p.longitude), .number(p.latitude)] + (p.altitude.map { [.number($0)] } ?? []))
        case .list(let items, _): return .array(items.map(\.jsonValue))
        case .empty: return .array([])
        }
    }
}

/// The JSON syntax layer: bytes to ``GeoJSONNode``. It walks the structure itself (to read
/// `coordinates` straight into positions) on `JSONParser.Reader`, so strings, numbers, literals,
/// the depth limit and error positions follow the one set of JSON rules.
struct GeoJSONSyntax {
    private var reader: JSONParser.Reader

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        reader = JSONParser.Reader(bytes: bytes, file: file)
    }

    private var bytes: UnsafeBufferPointer<UInt8> { reader.bytes }

    /// `file:line:column` of a byte offset.
    func location(_ offset: Int) -> SourceLocation { reader.location(of: offset) }

    func error(_ message: String, at offset: Int? = nil) -> InputError { reader.error(message, at: offset) }

    private var here: String { reader.describeHere() }

    /// Whether the next byte is `byte` (false at the end).
    @inline(__always)
    private func next(is byte: UInt8) -> Bool { reader.offset < bytes.count && bytes[reader.offset] == byte }

    mutating func document() throws(InputError) -> GeoJSONNode {
        reader.skipWhitespace()
        guard reader.offset < bytes.count else { throw error("the file is empty") }
        let node = try value(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == bytes.count else { throw error("unexpected \(here) after the JSON value") }
        return node
    }

    /// Any value; `depth` counts the arrays and objects around it.
    mutating func value(depth: Int) throws(InputError) -> GeoJSONNode {
        guard reader.offset < bytes.count else { throw error("unexpected end of file (truncated?)") }
        switch bytes[reader.offset] {
        case ASCII.leftBrace: return try object(depth: depth + 1)
        case ASCII.leftBracket: return try array(depth: depth + 1)
        case ASCII.quotationMark: return .string(try reader.string())
        case ASCII.lowercaseT: try reader.literal("true"); return .bool(true)
        case ASCII.lowercaseF: try reader.literal("false"); return .bool(false)
        case ASCII.lowercaseN: try reader.literal("null"); return .null
        case ASCII.hyphenMinus, ASCII.zero...ASCII.nine: return .number(try reader.number())
        default: throw error("expected a value, found \(here)")
        }
    }

    private mutating func array(depth: Int) throws(InputError) -> GeoJSONNode {
        try reader.checkDepth(depth)
        let start = reader.offset
        reader.offset += 1
        var items: [GeoJSONNode] = []
        reader.skipWhitespace()
        if next(is: ASCII.rightBracket) { reader.offset += 1; return .array(items, offset: start) }
        while true {
            reader.skipWhitespace()
            items.append(try value(depth: depth))
            reader.skipWhitespace()
            guard reader.offset < bytes.count else { throw error("unexpected end of file in an array (truncated?)") }
            if next(is: ASCII.comma) { reader.offset += 1; continue }
            if next(is: ASCII.rightBracket) { reader.offset += 1; return .array(items, offset: start) }
            throw error("expected ',' or ']' in an array, found \(here)")
        }
    }

    private mutating func object(depth: Int) throws(InputError) -> GeoJSONNode {
        try reader.checkDepth(depth)
        let start = reader.offset
        reader.offset += 1
        var members: [(key: String, value: GeoJSONNode)] = []
        var names = Set<String>()
        reader.skipWhitespace()
        if next(is: ASCII.rightBrace) { reader.offset += 1; return .object(members, offset: start) }
        while true {
            reader.skipWhitespace()
            guard next(is: ASCII.quotationMark) else {
                throw error(
                    reader.offset < bytes.count
                        ? "expected a member name in quotes, found \(here)"
                        : "unexpected end of file in an object (truncated?)")
            }
            let keyOffset = reader.offset
            let key = try reader.string()
            guard names.insert(key).inserted else {
                throw error(
                    "\"\(key)\" appears twice in this object (JSON readers disagree on which one wins)", at: keyOffset)
            }
            reader.skipWhitespace()
            guard next(is: ASCII.colon) else { throw error("expected ':' after \"\(key.prefix(40))\", found \(here)") }
            reader.offset += 1
            reader.skipWhitespace()
            if key == "coordinates", next(is: ASCII.leftBracket) {
                members.append((key, .coordinates(try coordinates(depth: depth + 1))))
            } else {
                members.append((key, try value(depth: depth)))
            }
            reader.skipWhitespace()
            guard reader.offset < bytes.count else { throw error("unexpected end of file in an object (truncated?)") }
            if next(is: ASCII.comma) { reader.offset += 1; continue }
            if next(is: ASCII.rightBrace) { reader.offset += 1; return .object(members, offset: start) }
            throw error("expected ',' or '}' in an object, found \(here)")
        }
    }

    /// Nested arrays of numbers from a `[`; an array of numbers is a position.
    private mutating func coordinates(depth: Int) throws(InputError) -> GeoJSONCoordinates {
        try reader.checkDepth(depth)
        let start = reader.offset
        reader.offset += 1
        reader.skipWhitespace()
        guard reader.offset < bytes.count else { throw error("unexpected end of file in coordinates (truncated?)") }
        if next(is: ASCII.rightBracket) { reader.offset += 1; return .empty(offset: start) }
        if next(is: ASCII.leftBracket) {
            var items: [GeoJSONCoordinates] = []
            while true {
                reader.skipWhitespace()
                guard next(is: ASCII.leftBracket) else {
                    throw error("coordinates must be arrays of positions, found \(here)")
                }
                items.append(try coordinates(depth: depth + 1))
                reader.skipWhitespace()
                guard reader.offset < bytes.count else {
                    throw error("unexpected end of file in coordinates (truncated?)")
                }
                if next(is: ASCII.comma) { reader.offset += 1; continue }
                if next(is: ASCII.rightBracket) { reader.offset += 1; return .list(items, offset: start) }
                throw error("expected ',' or ']' in coordinates, found \(here)")
            }
        }
        return try position(from: start)
    }

    /// The numbers of a position, its `[` at `start` already read.
    private mutating func position(from start: Int) throws(InputError) -> GeoJSONCoordinates {
        var values = (0.0, 0.0, 0.0)
        var count = 0
        while true {
            reader.skipWhitespace()
            guard next(is: ASCII.hyphenMinus) || (reader.offset < bytes.count && ASCII.isDigit(bytes[reader.offset]))
            else {
                throw error("a position must hold numbers [longitude, latitude(, altitude)], found \(here)")
            }
            let v = try reader.number()
            switch count {
            case 0: values.0 = v
            case 1: values.1 = v
            case 2: values.2 = v
            default: break  // further elements are allowed by RFC 7946 §3.1.1 but not used
            }
            count += 1
            reader.skipWhitespace()
            guard reader.offset < bytes.count else { throw error("unexpected end of file in coordinates (truncated?)") }
            if next(is: ASCII.comma) { reader.offset += 1; continue }
            if next(is: ASCII.rightBracket) { reader.offset += 1; break }
            throw error("expected ',' or ']' in a position, found \(here)")
        }
        guard count >= 2 else {
            throw error("a position needs at least longitude and latitude, found \(count) number", at: start)
        }
        return .position(
            GeoJSONPosition(longitude: values.0, latitude: values.1, altitude: count >= 3 ? values.2 : nil),
            offset: start)
    }
}

/// Nodes to GeoJSON objects, with RFC 7946's checks and JSON-path messages.
struct GeoJSONBuilder {
    let syntax: GeoJSONSyntax

    func fail(_ offset: Int, _ path: String, _ message: String) -> InputError {
        InputError(syntax.location(offset), "\(path.isEmpty ? "/" : path): \(message)")
    }

    private func offset(_ node: GeoJSONNode?) -> Int {
        switch node {
        case .object(_, let o)?, .array(_, let o)?: return o
        case .coordinates(let c)?: return c.offset
        default: return 0
        }
    }

    private func type(_ node: GeoJSONNode, path: String) throws(InputError) -> String {
        guard case .object = node else {
            throw fail(offset(node), path, "expected a GeoJSON object, found \(node.typeName)")
        }
        guard case .string(let t)? = node.member("type") else {
            throw fail(
                offset(node), path + "/type",
                node.member("type") == nil ? "the \"type\" member is missing" : "\"type\" must be a string")
        }
        return t
    }

    func object(_ node: GeoJSONNode, path: String) throws(InputError) -> GeoJSONObject {
        let t = try type(node, path: path)
        switch t {
        case "FeatureCollection":
            guard case .array(let items, _)? = node.member("features") else {
                throw fail(offset(node), path + "/features", "a FeatureCollection needs a \"features\" array")
            }
            var features: [GeoJSONFeature] = []
            features.reserveCapacity(items.count)
            for (k, item) in items.enumerated() { features.append(try feature(item, path: path + "/features/\(k)")) }
            return .featureCollection(features)
        case "Feature":
            return .feature(try feature(node, path: path))
        default:
            return .geometry(try geometry(node, path: path))
        }
    }

    func feature(_ node: GeoJSONNode, path: String) throws(InputError) -> GeoJSONFeature {
        let t = try type(node, path: path)
        guard t == "Feature" else {
            throw fail(offset(node), path + "/type", "expected \"Feature\", found \"\(t.prefix(40))\"")
        }
        var geometryValue: GeoJSONGeometry?
        switch node.member("geometry") {
        case nil:
            throw fail(
                offset(node), path + "/geometry", "a Feature needs a \"geometry\" member (null when it has none)")
        case .null?: geometryValue = nil
        case let g?: geometryValue = try geometry(g, path: path + "/geometry")
        }
        var properties: [JSONMember] = []
        switch node.member("properties") {
        case nil, .null?: break
        case .object(let members, _)?: properties = members.map { JSONMember($0.key, $0.value.jsonValue) }
        case let other?:
            throw fail(
                offset(node), path + "/properties", "\"properties\" must be an object or null, found \(other.typeName)")
        }
        var id: JSONValue?
        if let raw = node.member("id") {
            switch raw {
            case .string, .number: id = raw.jsonValue
            default: throw fail(offset(node), path + "/id", "\"id\" must be a string or a number")
            }
        }
        return GeoJSONFeature(id: id, geometry: geometryValue, properties: properties)
    }

    func geometry(_ node: GeoJSONNode, path: String) throws(InputError) -> GeoJSONGeometry {
        let t = try type(node, path: path)
        if t == "GeometryCollection" {
            guard case .array(let items, _)? = node.member("geometries") else {
                throw fail(offset(node), path + "/geometries", "a GeometryCollection needs a \"geometries\" array")
            }
            var out: [GeoJSONGeometry] = []
            for (k, item) in items.enumerated() { out.append(try geometry(item, path: path + "/geometries/\(k)")) }
            return .geometryCollection(out)
        }
        let known = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"]
        guard known.contains(t) else {
            throw fail(
                offset(node), path + "/type",
                "unknown geometry type \"\(t.prefix(40))\" (RFC 7946: \(known.joined(separator: ", ")), GeometryCollection)"
            )
        }
        let cpath = path + "/coordinates"
        guard let raw = node.member("coordinates") else {
            throw fail(offset(node), cpath, "a \(t) needs \"coordinates\"")
        }
        guard case .coordinates(let c) = raw else {
            throw fail(
                offset(raw) == 0 ? offset(node) : offset(raw), cpath,
                "\"coordinates\" must be an array, found \(raw.typeName)")
        }
        switch t {
        case "Point": return .point(try position(c, cpath))
        case "MultiPoint": return .multiPoint(try positions(c, cpath, minimum: 0, what: "MultiPoint"))
        case "LineString": return .lineString(try positions(c, cpath, minimum: 2, what: "LineString"))
        case "MultiLineString":
            return .multiLineString(
                try list(c, cpath).enumerated().map { (k, l) throws(InputError) in
                    try positions(l, cpath + "/\(k)", minimum: 2, what: "LineString")
                })
        case "Polygon": return .polygon(try rings(c, cpath))
        default:
            return .multiPolygon(
                try list(c, cpath).enumerated().map { (k, p) throws(InputError) in try rings(p, cpath + "/\(k)") })
        }
    }

    private func list(_ c: GeoJSONCoordinates, _ path: String) throws(InputError) -> [GeoJSONCoordinates] {
        switch c {
        case .list(let items, _): return items
        case .empty: return []
        case .position(_, let o): throw fail(o, path, "expected an array of positions, found a single position")
        }
    }

    private func position(_ c: GeoJSONCoordinates, _ path: String) throws(InputError) -> GeoJSONPosition {
        guard case .position(let p, let o) = c else {
            throw fail(c.offset, path, "expected a position [longitude, latitude]")
        }
        guard p.longitude >= -180 && p.longitude <= 180 else {
            throw fail(
                o, path + "/0",
                "longitude \(p.longitude) is out of range (-180…180); positions are [longitude, latitude]")
        }
        guard p.latitude >= -90 && p.latitude <= 90 else {
            throw fail(
                o, path + "/1", "latitude \(p.latitude) is out of range (-90…90); positions are [longitude, latitude]")
        }
        return p
    }

    private func positions(_ c: GeoJSONCoordinates, _ path: String, minimum: Int, what: String) throws(InputError)
        -> [GeoJSONPosition]
    {
        let items = try list(c, path)
        guard items.count >= minimum else {
            throw fail(c.offset, path, "a \(what) needs at least \(minimum) positions, found \(items.count)")
        }
        var out: [GeoJSONPosition] = []
        out.reserveCapacity(items.count)
        for (k, item) in items.enumerated() { out.append(try position(item, path + "/\(k)")) }
        return out
    }

    private func rings(_ c: GeoJSONCoordinates, _ path: String) throws(InputError) -> [[GeoJSONPosition]] {
        let items = try list(c, path)
        var out: [[GeoJSONPosition]] = []
        for (k, item) in items.enumerated() {
            let ring = try positions(item, path + "/\(k)", minimum: 4, what: "linear ring")
            guard ring.first!.longitude == ring.last!.longitude && ring.first!.latitude == ring.last!.latitude else {
                throw fail(
                    item.offset, path + "/\(k)",
                    "the ring is not closed: its last position must equal its first (RFC 7946 §3.1.6)")
            }
            out.append(ring)
        }
        return out
    }
}
