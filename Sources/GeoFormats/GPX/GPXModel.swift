import GeoCore

// The GPX data model: what GPX 1.1 (https://www.topografix.com/GPX/1/1/gpx.xsd) and GPX 1.0
// describe, as immutable-by-default values. Times are seconds since 1970 UTC (see ``Timestamp``).

/// A link to an external resource (GPX 1.1 `linkType`; GPX 1.0 `url` + `urlname`).
public struct GPXLink: Hashable, Sendable {
    public var href: String
    public var text: String?
    public var type: String?

    public init(href: String, text: String? = nil, type: String? = nil) {
        self.href = href
        self.text = text
        self.type = type
    }
}

/// A foreign element inside `<extensions>` (or a GPX 1.0 extension element), kept whole so a
/// read/write round trip keeps it: namespace URI, local name, attributes, text and children.
///
/// Mixed content is simplified: an element's ``text`` is the concatenation of its own text
/// pieces, trimmed of white space.
public struct GPXExtensionElement: Hashable, Sendable {
    /// The namespace URI, or `nil` for an unqualified element.
    public var namespace: String?
    /// The prefix the file used, a hint for writing (`gpxtpx`).
    public var prefix: String?
    public var name: String
    /// Attributes as written (qualified name, value), except namespace declarations.
    public var attributes: [Attribute]
    public var text: String
    public var children: [GPXExtensionElement]

    public struct Attribute: Hashable, Sendable {
        public var name: String
        public var value: String
        public init(name: String, value: String) { self.name = name; self.value = value }
    }

    public init(namespace: String?, prefix: String? = nil, name: String, attributes: [Attribute] = [],
                text: String = "", children: [GPXExtensionElement] = []) {
        self.namespace = namespace
        self.prefix = prefix
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
    }
}

/// The rarely used fields of a point (GPX `wptType`), kept apart so that a point with only
/// position, elevation and time stays small.
public struct GPXPointDetails: Hashable, Sendable {
    public var magneticVariation: Degrees?
    public var geoidHeight: Meters?
    public var name: String?
    public var comment: String?
    public var description: String?
    public var source: String?
    public var links: [GPXLink] = []
    public var symbol: String?
    public var type: String?
    /// `none`, `2d`, `3d`, `dgps` or `pps`.
    public var fix: String?
    public var satellites: Int?
    public var horizontalDilution: Double?
    public var verticalDilution: Double?
    public var positionDilution: Double?
    public var ageOfDGPSData: Seconds?
    public var dgpsID: Int?
    /// The content of `<extensions>`, whole.
    public var extensions: [GPXExtensionElement] = []

    public init() {}
}

/// A waypoint, route point or track point (GPX `wptType`).
///
/// The sensor values come from GPX 1.0's `speed`/`course` elements or, in GPX 1.1, from the
/// common extensions (Garmin TrackPointExtension v1/v2 `hr`, `cad`, `atemp`, `speed`, `course`,
/// matched by local name); the extension elements themselves stay in ``details``.
public struct GPXPoint: Hashable, Sendable {
    public var latitude: Degrees
    public var longitude: Degrees
    // Optional values are stored as NaN when absent: a point stays 80 bytes, which the
    // streaming reader copies once per point.
    private var ele = Double.nan, t = Double.nan, spd = Double.nan, crs = Double.nan
    private var hr = Double.nan, cad = Double.nan, temp = Double.nan
    private var box: DetailsBox?

    public init(latitude: Degrees, longitude: Degrees, elevation: Meters? = nil, time: Seconds? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
    }

    @inline(__always) private static func get(_ v: Double) -> Double? { v.isNaN ? nil : v }
    @inline(__always) private static func set(_ v: Double?) -> Double { v.flatMap { $0.isNaN ? nil : $0 } ?? .nan }

    /// Elevation in metres (GPX `ele`).
    public var elevation: Meters? { get { Self.get(ele) } set { ele = Self.set(newValue) } }
    /// Seconds since 1970 UTC.
    public var time: Seconds? { get { Self.get(t) } set { t = Self.set(newValue) } }
    /// Metres per second.
    public var speed: Double? { get { Self.get(spd) } set { spd = Self.set(newValue) } }
    /// Degrees clockwise from true north.
    public var course: Degrees? { get { Self.get(crs) } set { crs = Self.set(newValue) } }
    /// Beats per minute.
    public var heartRate: Double? { get { Self.get(hr) } set { hr = Self.set(newValue) } }
    /// Revolutions (or steps) per minute.
    public var cadence: Double? { get { Self.get(cad) } set { cad = Self.set(newValue) } }
    /// Degrees Celsius.
    public var temperature: Double? { get { Self.get(temp) } set { temp = Self.set(newValue) } }

    /// Name, description, symbol, type, dilution, extensions…
    public var details: GPXPointDetails {
        get { box?.value ?? GPXPointDetails() }
        set { box = newValue == GPXPointDetails() ? nil : DetailsBox(newValue) }
    }

    /// Whether any of ``details`` is set.
    public var hasDetails: Bool { box != nil }

    public static func == (a: GPXPoint, b: GPXPoint) -> Bool {
        a.latitude == b.latitude && a.longitude == b.longitude && a.elevation == b.elevation && a.time == b.time
            && a.speed == b.speed && a.course == b.course && a.heartRate == b.heartRate && a.cadence == b.cadence
            && a.temperature == b.temperature && a.box?.value == b.box?.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(latitude)
        hasher.combine(longitude)
        hasher.combine(time)
        hasher.combine(box?.value)
    }
}

private final class DetailsBox: Sendable {
    let value: GPXPointDetails
    init(_ value: GPXPointDetails) { self.value = value }
}

/// What describes a route or a track besides its points.
public struct GPXPathInfo: Hashable, Sendable {
    public var name: String?
    public var comment: String?
    public var description: String?
    public var source: String?
    public var links: [GPXLink] = []
    public var number: Int?
    public var type: String?
    public var extensions: [GPXExtensionElement] = []

    public init(name: String? = nil) { self.name = name }
}

/// A route: an ordered list of points leading to a destination (GPX `rteType`).
public struct GPXRoute: Hashable, Sendable {
    public var info: GPXPathInfo
    public var points: [GPXPoint]

    public init(info: GPXPathInfo = GPXPathInfo(), points: [GPXPoint] = []) {
        self.info = info
        self.points = points
    }
}

/// A continuous span of track points (GPX `trksegType`).
public struct GPXTrackSegment: Hashable, Sendable {
    public var points: [GPXPoint]
    public var extensions: [GPXExtensionElement]

    public init(points: [GPXPoint] = [], extensions: [GPXExtensionElement] = []) {
        self.points = points
        self.extensions = extensions
    }
}

/// A track: what a device recorded, in segments (GPX `trkType`).
public struct GPXTrack: Hashable, Sendable {
    public var info: GPXPathInfo
    public var segments: [GPXTrackSegment]

    public init(info: GPXPathInfo = GPXPathInfo(), segments: [GPXTrackSegment] = []) {
        self.info = info
        self.segments = segments
    }
}

/// A bounding box as GPX writes it (`boundsType`).
public struct GPXBounds: Hashable, Sendable {
    public var minLatitude: Degrees, minLongitude: Degrees, maxLatitude: Degrees, maxLongitude: Degrees

    public init(minLatitude: Degrees, minLongitude: Degrees, maxLatitude: Degrees, maxLongitude: Degrees) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }
}

/// Information about the file (GPX 1.1 `metadataType`; GPX 1.0's top-level fields).
public struct GPXMetadata: Hashable, Sendable {
    public var name: String?
    public var description: String?
    public var authorName: String?
    public var links: [GPXLink] = []
    public var time: Seconds?
    public var keywords: String?
    public var bounds: GPXBounds?
    public var extensions: [GPXExtensionElement] = []

    public init() {}

    public var isEmpty: Bool { self == GPXMetadata() }
}

/// Something in the file the reader could not use, located; the rest of the file is read.
public struct GPXWarning: Hashable, Sendable, CustomStringConvertible {
    public let location: SourceLocation
    public let message: String

    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(DiagnosticText.escaped(location.description)): warning: \(DiagnosticText.sanitized(message))" }
}

/// A whole GPX file in memory.
public struct GPXDocument: Hashable, Sendable {
    /// `1.0` or `1.1` as the file says (written files are always 1.1).
    public var version: String?
    public var creator: String?
    public var metadata: GPXMetadata
    public var waypoints: [GPXPoint]
    public var routes: [GPXRoute]
    public var tracks: [GPXTrack]
    /// The `<extensions>` of `<gpx>` itself.
    public var extensions: [GPXExtensionElement] = []
    /// The first ``GPXDocument/maxStoredWarnings`` warnings; ``warningCount`` counts them all.
    public var warnings: [GPXWarning]
    public var warningCount: Int

    /// How many warnings a document keeps (the count goes on).
    public static let maxStoredWarnings = 1000

    public init(version: String? = "1.1", creator: String? = nil, metadata: GPXMetadata = GPXMetadata(),
                waypoints: [GPXPoint] = [], routes: [GPXRoute] = [], tracks: [GPXTrack] = [],
                warnings: [GPXWarning] = [], warningCount: Int = 0) {
        self.version = version
        self.creator = creator
        self.metadata = metadata
        self.waypoints = waypoints
        self.routes = routes
        self.tracks = tracks
        self.warnings = warnings
        self.warningCount = max(warningCount, warnings.count)
    }
}
