import Foundation
import RaceKitCore

/// A symmetric TSPLIB instance with node coordinates (`TYPE: TSP`, `NODE_COORD_SECTION`,
/// `EDGE_WEIGHT_TYPE` GEO, EUC_2D, CEIL_2D or ATT).
///
/// Source: G. Reinelt, "TSPLIB 95", Universität Heidelberg, 1995 (format and distance functions)
/// and the TSPLIB FAQ for GEO (see ``TSPLIBInstance/distance(_:_:)``). Node ids in the file are
/// 1…n in order; here stops are 0…n−1.
public struct TSPLIBInstance: Hashable, Sendable {
    /// How distances are computed from the coordinates.
    public enum EdgeWeightType: String, Hashable, Sendable {
        case geo = "GEO"
        case euclidean = "EUC_2D"
        case ceilingEuclidean = "CEIL_2D"
        case pseudoEuclidean = "ATT"
    }

    /// `NAME` (or the file name without `.tsp`).
    public let name: String
    /// `COMMENT`, if any.
    public let comment: String?
    /// `EDGE_WEIGHT_TYPE`.
    public let edgeWeightType: EdgeWeightType
    /// The coordinates of nodes 1…n as written (x, y); for GEO, x is latitude and y longitude in DDD.MM.
    public let coordinates: [(x: Double, y: Double)]

    /// The number of nodes.
    public var dimension: Int { coordinates.count }

    /// Equal when name, comment, edge-weight type and every coordinate are equal.
    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.comment == b.comment && a.edgeWeightType == b.edgeWeightType
            && a.coordinates.elementsEqual(b.coordinates) { $0.x == $1.x && $0.y == $1.y }
    }

    /// Hashes the name and the coordinates.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        for c in coordinates { hasher.combine(c.x); hasher.combine(c.y) }
    }

    /// - Precondition: for ``matrix``, finite coordinates whose distances fit in 32 bits (`parse(_:source:defaultName:)`
    ///   checks both and throws instead).
    public init(
        name: String, comment: String? = nil, edgeWeightType: EdgeWeightType, coordinates: [(x: Double, y: Double)]
    ) {
        self.name = name
        self.comment = comment
        self.edgeWeightType = edgeWeightType
        self.coordinates = coordinates
    }

    /// Reads a `.tsp` file.
    /// - Throws: `InputError` (`malformedTSPLIB`, `unsupportedTSPLIB`) naming `file:line:column`.
    public static func read(path: String) throws(InputError) -> TSPLIBInstance {
        let stem = String(path.split(separator: "/").last ?? Substring(path))
        return try FileBytes.withMapped(path) { bytes throws(InputError) in
            try parse(bytes, source: path, defaultName: stem.hasSuffix(".tsp") ? String(stem.dropLast(4)) : stem)
        }
    }

    /// Parses the text of a `.tsp` file; `source` names it in errors.
    /// - Complexity: O(size of the text).
    public static func parse(_ text: String, source: String, defaultName: String = "instance") throws(InputError)
        -> TSPLIBInstance
    {
        try text.withUTF8Bytes { bytes throws(InputError) in
            try parse(bytes, source: source, defaultName: defaultName)
        }
    }

    /// Parses the UTF-8 text of a `.tsp` file, one line at a time (a file of empty lines takes no
    /// memory for them); `source` names it in errors.
    /// - Complexity: O(size of the text).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String, defaultName: String = "instance")
        throws(InputError) -> TSPLIBInstance
    {
        var spec = TSPLIBSpecification()
        var coordinates: [(x: Double, y: Double)] = []
        var inCoordinates = false
        var lines = ByteLines(bytes)
        while let (lineNumber, range) = lines.next() {
            let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            let line = raw.trimmingWhitespace
            if line.isEmpty { continue }
            if line == "EOF" { break }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if inCoordinates, let id = DecimalParser.parseInteger(fields[0]) {
                let column =
                    (raw.firstIndex { $0 != " " && $0 != "\t" }.map { raw.distance(from: raw.startIndex, to: $0) } ?? 0)
                    + 1
                guard fields.count >= 3 else {
                    throw InputError(
                        .malformedTSPLIB, "expected 'id x y', got '\(line)'",
                        at: SourceLocation(file: source, line: lineNumber, column: column))
                }
                // The decimal grammar of every reader: finite, no hexadecimal, no nan or inf.
                guard let x = DecimalParser.parse(fields[1]), let y = DecimalParser.parse(fields[2]) else {
                    throw InputError(
                        .malformedTSPLIB,
                        "node \(id): coordinates must be finite decimal numbers, got '\(fields[1]) \(fields[2])'",
                        at: SourceLocation(file: source, line: lineNumber, column: column))
                }
                guard id == coordinates.count + 1 else {
                    throw InputError(
                        .malformedTSPLIB,
                        "node \(id) where node \(coordinates.count + 1) was expected (ids must be 1…n in order)",
                        at: SourceLocation(file: source, line: lineNumber, column: column))
                }
                coordinates.append((x, y))
                continue
            }
            inCoordinates = false
            guard let section = try spec.read(line, lineNumber: lineNumber, source: source) else { continue }
            if section == "NODE_COORD_SECTION" { inCoordinates = true; continue }
            throw InputError(
                .unsupportedTSPLIB, "section \(section) is not supported (only NODE_COORD_SECTION)",
                at: SourceLocation(file: source, line: lineNumber, column: 1))
        }
        if let type = spec["TYPE"], !["TSP"].contains(type.value.uppercased()) {
            throw InputError(
                .unsupportedTSPLIB, "TYPE \(type.value) is not supported (only TSP)",
                at: SourceLocation(file: source, line: type.line, column: 1))
        }
        guard let rawType = spec["EDGE_WEIGHT_TYPE"] else {
            throw InputError(.malformedTSPLIB, "no EDGE_WEIGHT_TYPE", at: SourceLocation(file: source))
        }
        guard let type = EdgeWeightType(rawValue: rawType.value.uppercased()) else {
            throw InputError(
                .unsupportedTSPLIB, "EDGE_WEIGHT_TYPE \(rawType.value) is not supported (GEO, EUC_2D, CEIL_2D, ATT)",
                at: SourceLocation(file: source, line: rawType.line, column: 1))
        }
        let dimension = try spec.dimension(minimum: 1, source: source)
        guard coordinates.count == dimension else {
            throw InputError(
                .malformedTSPLIB, "DIMENSION is \(dimension) but the file has \(coordinates.count) coordinates",
                at: SourceLocation(file: source))
        }
        if let span = longestPossibleDistance(type, coordinates), span > Double(Self.largestDistance) {
            throw InputError(
                .malformedTSPLIB,
                "the coordinates are too far apart: distances up to \(span) would not fit in "
                    + "32 bits (at most \(Self.largestDistance))", at: SourceLocation(file: source))
        }
        return TSPLIBInstance(
            name: spec["NAME"]?.value ?? defaultName, comment: spec["COMMENT"]?.value, edgeWeightType: type,
            coordinates: coordinates)
    }

    /// The largest distance a matrix holds (one below 2³¹ − 1, for rounding up).
    static let largestDistance = Int(Int32.max) - 1

    /// An upper bound on any distance between the coordinates (the bounding box's diagonal), or
    /// nil for GEO, whose distances are at most half the earth's circumference.
    private static func longestPossibleDistance(_ type: EdgeWeightType, _ coordinates: [(x: Double, y: Double)])
        -> Double?
    {
        guard type != .geo, let first = coordinates.first else { return nil }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for c in coordinates {
            minX = min(minX, c.x); maxX = max(maxX, c.x); minY = min(minY, c.y); maxY = max(maxY, c.y)
        }
        let diagonal = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
        let bound = type == .pseudoEuclidean ? diagonal / Double(10).squareRoot() + 1 : diagonal + 1
        return bound.isFinite ? bound : .infinity
    }

    /// The distance between nodes `i` and `j` (0-based) by TSPLIB's function for the type:
    ///
    /// - EUC_2D: `nint(√(dx² + dy²))`; CEIL_2D: `⌈√(dx² + dy²)⌉`.
    /// - ATT: `r = √((dx² + dy²)/10)`, `t = nint(r)`, `t + 1` if `t < r` else `t`.
    /// - GEO, as in the TSPLIB FAQ (its `(int)` truncation reproduces the published optima; the
    ///   95 document's `nint` does not, e.g. 55500 instead of 55209 for gr96's optimal tour):
    ///   `rad = π (deg + 5 min / 3) / 180` with `π = 3.141592`, `deg = (int) x`, `min = x − deg`;
    ///   `q1 = cos(lonᵢ − lonⱼ)`, `q2 = cos(latᵢ − latⱼ)`, `q3 = cos(latᵢ + latⱼ)`;
    ///   `d = (int)(6378.388 · acos(½((1 + q1) q2 − (1 − q1) q3)) + 1)`.
    /// Exactly as the TSP peers of `Benchmarks/peers` evaluate them. `d(i, i) = 0`.
    public func distance(_ i: Int, _ j: Int) -> Int {
        if i == j { return 0 }
        let a = coordinates[i], b = coordinates[j]
        switch edgeWeightType {
        case .euclidean:
            return Int((((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() + 0.5).rounded(.down))
        case .ceilingEuclidean:
            return Int((((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()).rounded(.up))
        case .pseudoEuclidean:
            let r = (((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)) / 10).squareRoot()
            let t = (r + 0.5).rounded(.down)
            return Int(t < r ? t + 1 : t)
        case .geo:
            return Self.geoDistance(
                (Self.geoRadians(a.x), Self.geoRadians(a.y)), (Self.geoRadians(b.x), Self.geoRadians(b.y)))
        }
    }

    /// TSPLIB GEO between two nodes already in radians (see ``distance(_:_:)``).
    private static func geoDistance(_ a: (lat: Double, lon: Double), _ b: (lat: Double, lon: Double)) -> Int {
        let q1 = cos(a.lon - b.lon), q2 = cos(a.lat - b.lat), q3 = cos(a.lat + b.lat)
        let argument = min(1, max(-1, 0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)))
        return Int(6378.388 * acos(argument) + 1.0)
    }

    /// TSPLIB GEO: DDD.MM to radians with π = 3.141592 and truncation toward zero.
    static func geoRadians(_ value: Double) -> Double {
        let degrees = value.rounded(.towardZero)
        let minutes = value - degrees
        return 3.141592 * (degrees + 5.0 * minutes / 3.0) / 180.0
    }

    /// The full distance matrix, as ``distance(_:_:)`` gives it.
    /// - Complexity: O(n²/2) distance evaluations: TSPLIB's functions are symmetric bit for bit
    ///   (squared differences, cos of a difference, a sum), so each pair is computed once; GEO
    ///   converts each node to radians once.
    public var matrix: DistanceMatrix {
        let n = dimension
        let radians =
            edgeWeightType == .geo ? coordinates.map { (lat: Self.geoRadians($0.x), lon: Self.geoRadians($0.y)) } : []
        var entries = [Int32](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in (i + 1)..<max(n, i + 1) {
                let value = edgeWeightType == .geo ? Self.geoDistance(radians[i], radians[j]) : distance(i, j)
                precondition(
                    value >= 0 && value <= Self.largestDistance, "distance \(value) from \(i) to \(j) is out of range")
                entries[i * n + j] = Int32(value)
                entries[j * n + i] = Int32(value)
            }
        }
        return DistanceMatrix(count: n, entries: entries)
    }

    /// Labels "1"…"n", the file's node ids.
    public var labels: [String] { (1...max(dimension, 1)).prefix(dimension).map(String.init) }
}
