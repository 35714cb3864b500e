internal import CProj
import Foundation

/// A coordinate transformation between two CRSs, computed by PROJ.
///
/// Created from EPSG codes (`"EPSG:4326"`) or PROJ strings (`"+proj=tmerc +lat_0=47 …"`) with
/// PROJ's `proj_create_crs_to_crs_from_pj` (what `proj_create_crs_to_crs` does), then
/// `proj_normalize_for_visualization`, so the axis order is
/// always the traditional GIS order whatever the CRS defines: **x is easting or longitude, y is
/// northing or latitude** (EPSG:4326 itself is latitude-first; here it is `(x: lon, y: lat)`).
/// Angles are in degrees, projected coordinates in the CRS's unit (metres for UTM).
///
/// ```swift
/// let utm = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:32632")
/// let (easting, northing) = try utm.transform(x: 8.5417, y: 47.3769)   // (465403.28, 5247150.84)
/// let back = try utm.inverted.transform(x: easting, y: northing)       // (8.5417, 47.3769)
/// ```
///
/// ## Thread safety
/// PROJ objects are not thread-safe. Each `CoordinateTransformation` created with
/// ``init(from:to:)`` has its own PROJ context and serialises its calls with a lock, so a value
/// may be shared between tasks and threads safely; copies and ``inverted`` share that context and
/// lock. For parallel work, create one transformation per thread: they then never wait on each
/// other.
///
/// The C objects are owned by an internal class and freed when the last copy goes away.
public struct CoordinateTransformation: Sendable, CustomStringConvertible {
    /// The source CRS as given to ``init(from:to:)``.
    public let source: String
    /// The target CRS as given to ``init(from:to:)``.
    public let target: String
    /// Whether this value runs the operation backwards, from ``target`` to ``source``.
    public let isInverted: Bool
    let handle: ProjHandle

    /// Creates the transformation from `source` to `target`.
    /// - Parameters:
    ///   - source: an EPSG code (`"EPSG:4326"`), a PROJ string, WKT or any CRS `proj_create` accepts.
    ///   - target: the same, for the CRS to transform to.
    /// - Throws: ``ProjectionError`` with PROJ's message when either CRS is unknown or PROJ finds
    ///   no operation between them, e.g. `creating EPSG:4326 → EPSG:999999: error: proj_create: crs not found …`.
    public init(from source: String, to target: String) throws(ProjectionError) {
        try self.init(from: source, to: target, allowingBallpark: true)
    }

    /// Creates the transformation from `source` to `target`, with or without PROJ's ballpark
    /// operations: those that, lacking a datum shift (or its grid), pass latitude and longitude
    /// through unchanged between datums, metres to a hundred metres off. Without them, a point
    /// no other operation covers fails.
    /// - Throws: ``ProjectionError`` as ``init(from:to:)`` does, and when PROJ has no operation
    ///   but a ballpark one that is not allowed.
    init(from source: String, to target: String, allowingBallpark: Bool) throws(ProjectionError) {
        self.source = source
        self.target = target
        self.isInverted = false
        self.handle = try ProjHandle(operation: "creating \(source) → \(target)") { context in
            // What proj_create_crs_to_crs does, with the one option it cannot pass.
            guard let sourceCRS = libproj.proj_create(context, source) else { return nil }
            defer { _ = libproj.proj_destroy(sourceCRS) }
            guard let targetCRS = libproj.proj_create(context, target) else { return nil }
            defer { _ = libproj.proj_destroy(targetCRS) }
            let option = strdup("ALLOW_BALLPARK=NO")
            defer { free(option) }
            let options: [UnsafePointer<CChar>?] = allowingBallpark ? [nil] : [UnsafePointer(option), nil]
            let created = options.withUnsafeBufferPointer {
                libproj.proj_create_crs_to_crs_from_pj(context, sourceCRS, targetCRS, nil, $0.baseAddress)
            }
            guard let operation = created else { return nil }
            defer { _ = libproj.proj_destroy(operation) }
            return libproj.proj_normalize_for_visualization(context, operation)
        }
    }

    private init(_ other: CoordinateTransformation, isInverted: Bool) {
        self.source = other.source
        self.target = other.target
        self.isInverted = isInverted
        self.handle = other.handle
    }

    /// The same transformation run the other way (``target`` to ``source``). Shares this value's
    /// PROJ context and lock.
    public var inverted: CoordinateTransformation {
        CoordinateTransformation(self, isInverted: !isInverted)
    }

    /// `source → target` in the direction this value runs.
    public var description: String {
        isInverted ? "\(target) → \(source)" : "\(source) → \(target)"
    }

    var direction: PJ_DIRECTION { isInverted ? PJ_INV : PJ_FWD }

    /// Transforms one point.
    ///
    /// Gives bit for bit the result the batch forms give for the same point.
    /// - Parameters:
    ///   - x: longitude (degrees) or easting.
    ///   - y: latitude (degrees) or northing.
    /// - Throws: ``ProjectionError`` when PROJ cannot transform the point (its result is not
    ///   finite), with PROJ's message, e.g. `utm: Invalid latitude`.
    public func transform(x: Double, y: Double) throws(ProjectionError) -> (x: Double, y: Double) {
        try handle.withObject { object throws(ProjectionError) in
            // z = 0 and t = HUGE_VAL (no time): what proj_trans_generic passes for absent arrays.
            let result = libproj.proj_trans(object, direction, libproj.proj_coord(x, y, 0, .infinity))
            guard result.xy.x.isFinite, result.xy.y.isFinite else {
                throw handle.failure("transforming (\(x), \(y)) with \(self)")
            }
            return (result.xy.x, result.xy.y)
        }
    }
}
