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
/// members are ignored; nesting deeper than 256 is refused; a name twice in one object (two
/// `coordinates`, say) is an error at the second, since readers disagree on which one wins.
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
        case .position(let p, _): return .array([.number(p.longitude), .number(p.latitude)] + (p.altitude.map { [.number($0)] } ?? []))
        case .list(let items, _): return .array(items.map(\.jsonValue))
        case .empty: return .array([])
        }
    }
}

/// The JSON syntax layer: bytes to ``GeoJSONNode``.
struct GeoJSONSyntax {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    var i = 0
    static let maxDepth = 256

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
    }

    /// `file:line:column` of a byte offset.
    func location(_ offset: Int) -> SourceLocation {
        var line = 1, lineStart = 0
        let end = min(offset, bytes.count)
        var k = 0
        while k < end {
            if bytes[k] == 0x0A { line += 1; lineStart = k + 1 }
            k += 1
        }
        return SourceLocation(file: file, line: line, column: end - lineStart + 1)
    }

    func error(_ message: String, at offset: Int? = nil) -> InputError {
        InputError(location(offset ?? i), message)
    }

    private var here: String {
        guard i < bytes.count else { return "the end of the file" }
        let b = bytes[i]
        return b >= 0x20 && b < 0x7F ? "'\(Character(UnicodeScalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }

    @inline(__always)
    mutating func skipSpace() {
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    mutating func document() throws(InputError) -> GeoJSONNode {
        skipSpace()
        guard i < bytes.count else { throw error("the file is empty") }
        let node = try value(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw error("unexpected \(here) after the JSON value") }
        return node
    }

    mutating func value(depth: Int) throws(InputError) -> GeoJSONNode {
        guard depth < Self.maxDepth else { throw error("JSON nested more than \(Self.maxDepth) deep") }
        guard i < bytes.count else { throw error("unexpected end of file (truncated?)") }
        switch bytes[i] {
        case 0x7B: return try object(depth: depth)
        case 0x5B:
            let start = i
            i += 1
            var items: [GeoJSONNode] = []
            skipSpace()
            if i < bytes.count && bytes[i] == 0x5D { i += 1; return .array(items, offset: start) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file in an array (truncated?)") }
                if bytes[i] == 0x2C { i += 1; continue }
                if bytes[i] == 0x5D { i += 1; return .array(items, offset: start) }
                throw error("expected ',' or ']' in an array, found \(here)")
            }
        case 0x22: return .string(try string())
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: StaticString) throws(InputError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count, memcmp(bytes.baseAddress! + i, word.utf8Start, n) == 0 else {
            throw error("unexpected \(here): expected a JSON value")
        }
        i += n
    }

    private mutating func object(depth: Int) throws(InputError) -> GeoJSONNode {
        let start = i
        i += 1
        var members: [(key: String, value: GeoJSONNode)] = []
        var names = Set<String>()
        skipSpace()
        if i < bytes.count && bytes[i] == 0x7D { i += 1; return .object(members, offset: start) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x22 else {
                throw error(i < bytes.count ? "expected a member name in quotes, found \(here)" : "unexpected end of file in an object (truncated?)")
            }
            let keyOffset = i
            let key = try string()
            guard names.insert(key).inserted else {
                throw error("\"\(key)\" appears twice in this object (JSON readers disagree on which one wins)", at: keyOffset)
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x3A else { throw error("expected ':' after \"\(key.prefix(40))\", found \(here)") }
            i += 1
            skipSpace()
            if key == "coordinates", i < bytes.count, bytes[i] == 0x5B {
                members.append((key, .coordinates(try coordinates(depth: depth + 1))))
            } else {
                members.append((key, try value(depth: depth + 1)))
            }
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of file in an object (truncated?)") }
            if bytes[i] == 0x2C { i += 1; continue }
            if bytes[i] == 0x7D { i += 1; return .object(members, offset: start) }
            throw error("expected ',' or '}' in an object, found \(here)")
        }
    }

    /// Nested arrays of numbers; an array of numbers is a position.
    private mutating func coordinates(depth: Int) throws(InputError) -> GeoJSONCoordinates {
        guard depth < Self.maxDepth else { throw error("JSON nested more than \(Self.maxDepth) deep") }
        let start = i
        i += 1
        skipSpace()
        guard i < bytes.count else { throw error("unexpected end of file in coordinates (truncated?)") }
        if bytes[i] == 0x5D { i += 1; return .empty(offset: start) }
        if bytes[i] == 0x5B {
            var items: [GeoJSONCoordinates] = []
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x5B else {
                    throw error("coordinates must be arrays of positions, found \(here)")
                }
                items.append(try coordinates(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file in coordinates (truncated?)") }
                if bytes[i] == 0x2C { i += 1; continue }
                if bytes[i] == 0x5D { i += 1; return .list(items, offset: start) }
                throw error("expected ',' or ']' in coordinates, found \(here)")
            }
        }
        var values = (0.0, 0.0, 0.0)
        var count = 0
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x2D || bytes[i] &- 0x30 < 10 else {
                throw error("a position must hold numbers [longitude, latitude(, altitude)], found \(here)")
            }
            let v = try number()
            switch count {
            case 0: values.0 = v
            case 1: values.1 = v
            case 2: values.2 = v
            default: break   // further elements are allowed by RFC 7946 §3.1.1 but not used
            }
            count += 1
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of file in coordinates (truncated?)") }
            if bytes[i] == 0x2C { i += 1; continue }
            if bytes[i] == 0x5D { i += 1; break }
            throw error("expected ',' or ']' in a position, found \(here)")
        }
        guard count >= 2 else { throw error("a position needs at least longitude and latitude, found \(count) number", at: start) }
        return .position(GeoJSONPosition(longitude: values.0, latitude: values.1, altitude: count >= 3 ? values.2 : nil), offset: start)
    }

    private mutating func number() throws(InputError) -> Double {
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            guard b &- 0x30 < 10 || b == 0x2D || b == 0x2E || b == 0x2B || b | 0x20 == 0x65 else { break }
            i += 1
        }
        guard i > start, let v = DecimalParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<i])) else {
            if i == start { throw error("unexpected \(here): expected a JSON value") }
            throw error("'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self).prefix(40))' is not a finite number", at: start)
        }
        return v
    }

    private mutating func string() throws(InputError) -> String {
        let start = i
        i += 1
        let contentStart = i
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == 0x5C { break }
            if b < 0x20 { throw error("control character in a string (write it as \\u00XX)") }
            i += 1
        }
        // With escapes.
        var out = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 { i += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw error("control character in a string (write it as \\u00XX)") }
            if b != 0x5C { out.append(b); i += 1; continue }
            guard i + 1 < bytes.count else { break }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case 0x22, 0x5C, 0x2F: out.append(e)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00, i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 {
                    i += 2
                    let low = try hex4()
                    scalar = low >= 0xDC00 && low < 0xE000 ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            default:
                throw error("unknown escape '\\\(Character(UnicodeScalar(e)))' in a string", at: i - 2)
            }
        }
        throw error("unterminated string (truncated?)", at: start)
    }

    private mutating func hex4() throws(InputError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            default: throw error("bad hex digit in a \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}

#if canImport(Glibc)
import Glibc
#endif

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
        guard case .object = node else { throw fail(offset(node), path, "expected a GeoJSON object, found \(node.typeName)") }
        guard case .string(let t)? = node.member("type") else {
            throw fail(offset(node), path + "/type", node.member("type") == nil ? "the \"type\" member is missing" : "\"type\" must be a string")
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
        guard t == "Feature" else { throw fail(offset(node), path + "/type", "expected \"Feature\", found \"\(t.prefix(40))\"") }
        var geometryValue: GeoJSONGeometry?
        switch node.member("geometry") {
        case nil: throw fail(offset(node), path + "/geometry", "a Feature needs a \"geometry\" member (null when it has none)")
        case .null?: geometryValue = nil
        case let g?: geometryValue = try geometry(g, path: path + "/geometry")
        }
        var properties: [JSONMember] = []
        switch node.member("properties") {
        case nil, .null?: break
        case .object(let members, _)?: properties = members.map { JSONMember($0.key, $0.value.jsonValue) }
        case let other?: throw fail(offset(node), path + "/properties", "\"properties\" must be an object or null, found \(other.typeName)")
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
            throw fail(offset(node), path + "/type", "unknown geometry type \"\(t.prefix(40))\" (RFC 7946: \(known.joined(separator: ", ")), GeometryCollection)")
        }
        let cpath = path + "/coordinates"
        guard let raw = node.member("coordinates") else { throw fail(offset(node), cpath, "a \(t) needs \"coordinates\"") }
        guard case .coordinates(let c) = raw else { throw fail(offset(raw) == 0 ? offset(node) : offset(raw), cpath, "\"coordinates\" must be an array, found \(raw.typeName)") }
        switch t {
        case "Point": return .point(try position(c, cpath))
        case "MultiPoint": return .multiPoint(try positions(c, cpath, minimum: 0, what: "MultiPoint"))
        case "LineString": return .lineString(try positions(c, cpath, minimum: 2, what: "LineString"))
        case "MultiLineString":
            return .multiLineString(try list(c, cpath).enumerated().map { (k, l) throws(InputError) in
                try positions(l, cpath + "/\(k)", minimum: 2, what: "LineString") })
        case "Polygon": return .polygon(try rings(c, cpath))
        default:
            return .multiPolygon(try list(c, cpath).enumerated().map { (k, p) throws(InputError) in try rings(p, cpath + "/\(k)") })
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
        guard case .position(let p, let o) = c else { throw fail(c.offset, path, "expected a position [longitude, latitude]") }
        guard p.longitude >= -180 && p.longitude <= 180 else {
            throw fail(o, path + "/0", "longitude \(p.longitude) is out of range (-180…180); positions are [longitude, latitude]")
        }
        guard p.latitude >= -90 && p.latitude <= 90 else {
            throw fail(o, path + "/1", "latitude \(p.latitude) is out of range (-90…90); positions are [longitude, latitude]")
        }
        return p
    }

    private func positions(_ c: GeoJSONCoordinates, _ path: String, minimum: Int, what: String) throws(InputError) -> [GeoJSONPosition] {
        let items = try list(c, path)
        guard items.count >= minimum else { throw fail(c.offset, path, "a \(what) needs at least \(minimum) positions, found \(items.count)") }
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
                throw fail(item.offset, path + "/\(k)", "the ring is not closed: its last position must equal its first (RFC 7946 §3.1.6)")
            }
            out.append(ring)
        }
        return out
    }
}
