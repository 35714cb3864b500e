import Geofencing
import RaceKitCore

extension StopsCSV {
    /// The stops format's text: the header `id,lat,lon,radius_m`, then one line per circle
    /// fence, numbers in plain decimals that read back as the same doubles.
    /// - Precondition: `ids` and `fences` are parallel and every fence is a circle (the format
    ///   has no polygons).
    public static func text(ids: [Int], fences: [Fence]) -> String {
        precondition(ids.count == fences.count, "one id per fence")
        var out = header.joined(separator: ",") + "\n"
        out.reserveCapacity(fences.count * 48)
        for (id, fence) in zip(ids, fences) {
            guard case .circle(let circle) = fence else { preconditionFailure("the stops format holds circles only") }
            out +=
                String(id) + "," + PlainDecimal.text(circle.centre.latitude) + ","
                + PlainDecimal.text(circle.centre.longitude)
            out += "," + PlainDecimal.text(circle.radiusMeters) + "\n"
        }
        return out
    }
}
