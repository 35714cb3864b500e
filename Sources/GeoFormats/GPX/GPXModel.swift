import GeoCore
import RaceKitCore

// The GPX data model: what GPX 1.1 (https://www.topografix.com/GPX/1/1/gpx.xsd) and GPX 1.0
// describe, as immutable-by-default values. Times are seconds since 1970 UTC (see ``Timestamp``).

/// A link to an external resource (GPX 1.1 `linkType`; GPX 1.0 `url` + `urlname`).
public struct GPXLink: Hashable, Sendable {
    /// The URL (GPX `href`; GPX 1.0 `url`).
    public var href: String
    /// The text to show for the link (GPX 1.0 `urlname`).
    public var text: String?
    /// The MIME type of the content, if given.
    public var type: String?

    /// Creates a link.
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
    /// The local name.
    public var name: String
    /// Attributes as written (qualified name, value), except namespace declarations.
    public var attributes: [Attribute]
    /// The element's own text, trimmed.
    public var text: String
    /// Child elements, in document order.
    public var children: [GPXExtensionElement]

    /// One attribute of an extension element.
    public struct Attribute: Hashable, Sendable {
        /// The qualified name as written (`prefix:name`).
        public var name: String
        /// The value, with references resolved.
        public var value: String
        /// Creates an attribute.
        public init(name: String, value: String) { self.name = name; self.value = value }
    }

    /// Creates an element.
    public init(
        namespace: String?, prefix: String? = nil, name: String, attributes: [Attribute] = [],
        text: String = "", children: [GPXExtensionElement] = []
    ) {
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
    /// Magnetic variation at the point (GPX `magvar`).
    public var magneticVariation: Degrees?
    /// Height of the geoid above the WGS 84 ellipsoid (GPX `geoidheight`).
    public var geoidHeight: Meters?
    /// The point's name (GPX `name`).
    public var name: String?
    /// A comment (GPX `cmt`).
    public var comment: String?
    /// A description (GPX `desc`).
    public var description: String?
    /// Where the data came from (GPX `src`).
    public var source: String?
    /// Links to more about the point.
    public var links: [GPXLink] = []
    /// The symbol name (GPX `sym`).
    public var symbol: String?
    /// The point's type (GPX `type`).
    public var type: String?
    /// `none`, `2d`, `3d`, `dgps` or `pps`.
    public var fix: String?
    /// Satellites used for the fix (GPX `sat`).
    public var satellites: Int?
    /// Horizontal dilution of precision (GPX `hdop`).
    public var horizontalDilution: Double?
    /// Vertical dilution of precision (GPX `vdop`).
    public var verticalDilution: Double?
    /// Position dilution of precision (GPX `pdop`).
    public var positionDilution: Double?
    /// Seconds since the last DGPS update (GPX `ageofdgpsdata`).
    public var ageOfDGPSData: Seconds?
    /// The DGPS station id (GPX `dgpsid`).
    public var dgpsID: Int?
    /// The content of `<extensions>`, whole.
    public var extensions: [GPXExtensionElement] = []

    /// Details with nothing set.
    public init() {}
}

/// A waypoint, route point or track point (GPX `wptType`).
///
/// The sensor values come from GPX 1.0's `speed`/`course` elements or, in GPX 1.1, from the
/// common extensions (Garmin TrackPointExtension v1/v2 `hr`, `cad`, `atemp`, `speed`, `course`,
/// matched by local name); the extension elements themselves stay in ``details``.
public struct GPXPoint: Hashable, Sendable {
    /// Degrees north, validated by the reader.
    public var latitude: Degrees
    /// Degrees east, validated by the reader.
    public var longitude: Degrees
    // Optional values are stored as NaN when absent: a point stays 80 bytes, which the
    // streaming reader copies once per point.
    private var ele = Double.nan, t = Double.nan, spd = Double.nan, crs = Double.nan
    private var hr = Double.nan, cad = Double.nan, temp = Double.nan
    private var box: DetailsBox?

    /// Creates a point with optional elevation and time.
    public init(latitude: Degrees, longitude: Degrees, elevation: Meters? = nil, time: Seconds? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
    }

    @inline(__always) private static func get(_ v: Double) -> Double? { v.isNaN ? nil : v }
    @inline(__always) private static func set(_ v: Double?) -> Double { v.flatMap { $0.isNaN ? nil : $0 } ?? .nan }

    /// Elevation in metres (GPX `ele`).
    public var elevation: Meters? {
        get { Self.get(ele) }
        set { ele = Self.set(newValue) }
    }
    /// Seconds since 1970 UTC.
    public var time: Seconds? {
        get { Self.get(t) }
        set { t = Self.set(newValue) }
    }
    /// Metres per second.
    public var speed: Double? {
        get { Self.get(spd) }
        set { spd = Self.set(newValue) }
    }
    /// Degrees clockwise from true north.
    public var course: Degrees? {
        get { Self.get(crs) }
        set { crs = Self.set(newValue) }
    }
    /// Beats per minute.
    public var heartRate: Double? {
        get { Self.get(hr) }
        set { hr = Self.set(newValue) }
    }
    /// Revolutions (or steps) per minute.
    public var cadence: Double? {
        get { Self.get(cad) }
        set { cad = Self.set(newValue) }
    }
    /// Degrees Celsius.
    public var temperature: Double? {
        get { Self.get(temp) }
        set { temp = Self.set(newValue) }
    }

    /// Name, description, symbol, type, dilution, extensions…
    public var details: GPXPointDetails {
        get { box?.value ?? GPXPointDetails() }
        set { box = newValue == GPXPointDetails() ? nil : DetailsBox(newValue) }
    }

    /// Whether any of ``details`` is set.
    public var hasDetails: Bool { box != nil }

    /// Equal when every value, sensor values and details included, is equal.
    public static func == (a: GPXPoint, b: GPXPoint) -> Bool {
        a.latitude == b.latitude && a.longitude == b.longitude && a.elevation == b.elevation && a.time == b.time
            && a.speed == b.speed && a.course == b.course && a.heartRate == b.heartRate && a.cadence == b.cadence
            && a.temperature == b.temperature && a.box?.value == b.box?.value
    }

    /// Hashes the position, the time and the details.
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
    /// The name (GPX `name`).
    public var name: String?
    /// A comment (GPX `cmt`).
    public var comment: String?
    /// A description (GPX `desc`).
    public var description: String?
    /// Where the data came from (GPX `src`).
    public var source: String?
    /// Links to more about the route or track.
    public var links: [GPXLink] = []
    /// The route or track number (GPX `number`).
    public var number: Int?
    /// The type of activity (GPX `type`).
    public var type: String?
    /// The content of `<extensions>`, whole.
    public var extensions: [GPXExtensionElement] = []

    /// Creates path information with an optional name.
    public init(name: String? = nil) { self.name = name }
}

/// A route: an ordered list of points leading to a destination (GPX `rteType`).
public struct GPXRoute: Hashable, Sendable {
    /// Name, description and other fields.
    public var info: GPXPathInfo
    /// The route's points, in order.
    public var points: [GPXPoint]

    /// Creates a route.
    public init(info: GPXPathInfo = GPXPathInfo(), points: [GPXPoint] = []) {
        self.info = info
        self.points = points
    }
}

/// A continuous span of track points (GPX `trksegType`).
public struct GPXTrackSegment: Hashable, Sendable {
    /// The segment's points, in time order as recorded.
    public var points: [GPXPoint]
    /// The content of the segment's `<extensions>`, whole.
    public var extensions: [GPXExtensionElement]

    /// Creates a segment.
    public init(points: [GPXPoint] = [], extensions: [GPXExtensionElement] = []) {
        self.points = points
        self.extensions = extensions
    }
}

/// A track: what a device recorded, in segments (GPX `trkType`).
public struct GPXTrack: Hashable, Sendable {
    /// Name, description and other fields.
    public var info: GPXPathInfo
    /// The track's segments; a new segment starts after a loss of signal or a pause.
    public var segments: [GPXTrackSegment]

    /// Creates a track.
    public init(info: GPXPathInfo = GPXPathInfo(), segments: [GPXTrackSegment] = []) {
        self.info = info
        self.segments = segments
    }
}

/// A bounding box as GPX writes it (`boundsType`).
public struct GPXBounds: Hashable, Sendable {
    /// The box's edges in degrees.
    public var minLatitude: Degrees, minLongitude: Degrees, maxLatitude: Degrees, maxLongitude: Degrees

    /// Creates a box from its edges.
    public init(minLatitude: Degrees, minLongitude: Degrees, maxLatitude: Degrees, maxLongitude: Degrees) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }
}

/// Information about the file (GPX 1.1 `metadataType`; GPX 1.0's top-level fields).
public struct GPXMetadata: Hashable, Sendable {
    /// The file's name.
    public var name: String?
    /// A description of the file.
    public var description: String?
    /// The name of the person or organisation that made it.
    public var authorName: String?
    /// Links to more about the file.
    public var links: [GPXLink] = []
    /// When the file was made, in seconds since 1970 UTC.
    public var time: Seconds?
    /// Keywords, as written.
    public var keywords: String?
    /// The extent of the file's points, as the file states it.
    public var bounds: GPXBounds?
    /// The content of the metadata's `<extensions>`, whole.
    public var extensions: [GPXExtensionElement] = []

    /// Metadata with nothing set.
    public init() {}

    /// Whether nothing is set.
    public var isEmpty: Bool { self == GPXMetadata() }
}

/// Something in the file the reader could not use, located; the rest of the file is read.
public struct GPXWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where in the file.
    public let location: SourceLocation
    /// What could not be used, as one sentence.
    public let message: String

    /// Creates a warning at a location.
    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// The warning as a compiler would print it: `file:line:column: warning: message`.
    public var description: String {
        "\(DiagnosticText.escaped(location.description)): warning: \(DiagnosticText.sanitized(message))"
    }
}

/// A whole GPX file in memory.
public struct GPXDocument: Hashable, Sendable {
    /// `1.0` or `1.1` as the file says (written files are always 1.1).
    public var version: String?
    /// The program that wrote the file (the root's `creator`).
    public var creator: String?
    /// Information about the file.
    public var metadata: GPXMetadata
    /// Waypoints (GPX `wpt`).
    public var waypoints: [GPXPoint]
    /// Routes (GPX `rte`).
    public var routes: [GPXRoute]
    /// Tracks (GPX `trk`).
    public var tracks: [GPXTrack]
    /// The `<extensions>` of `<gpx>` itself.
    public var extensions: [GPXExtensionElement] = []
    /// The first ``GPXDocument/maxStoredWarnings`` warnings; ``warningCount`` counts them all.
    public var warnings: [GPXWarning]
    /// How many warnings the reader reported, stored or not.
    public var warningCount: Int

    /// How many warnings a document keeps (the count goes on).
    public static let maxStoredWarnings = 1000

    /// Creates a document; `warningCount` is at least the number of `warnings`.
    public init(
        version: String? = "1.1", creator: String? = nil, metadata: GPXMetadata = GPXMetadata(),
        waypoints: [GPXPoint] = [], routes: [GPXRoute] = [], tracks: [GPXTrack] = [],
        warnings: [GPXWarning] = [], warningCount: Int = 0
    ) {
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
