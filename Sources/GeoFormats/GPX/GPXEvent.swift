/// One piece of a GPX file, in document order, as ``GPXReader`` streams it.
///
/// A track arrives as `trackStart`, then per segment `segmentStart`, its `trackPoint`s and
/// `segmentEnd`, then `trackEnd` with the track's name and other fields (which GPX allows before
/// or after the segments). Routes likewise.
public enum GPXEvent: Hashable, Sendable {
    /// The root element's `version` and `creator`.
    case header(version: String?, creator: String?)
    // The large, rare payloads are boxed (`indirect`), so that an event, which the reader hands
    // over once per point, is only as large as a point.
    /// GPX 1.1 `<metadata>`, or GPX 1.0's top-level name, time, bounds… gathered at the end.
    indirect case metadata(GPXMetadata)
    case waypoint(GPXPoint)
    case routeStart
    case routePoint(GPXPoint)
    indirect case routeEnd(GPXPathInfo)
    case trackStart
    case segmentStart
    case trackPoint(GPXPoint)
    case segmentEnd(extensions: [GPXExtensionElement])
    indirect case trackEnd(GPXPathInfo)
    /// The `<extensions>` of the `<gpx>` element.
    case documentExtensions([GPXExtensionElement])
    /// Something the reader could not use: a track point without a time, a time or number it
    /// cannot parse, an empty segment, a point outside a segment.
    case warning(GPXWarning)
}
