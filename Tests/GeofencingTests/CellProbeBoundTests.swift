import GeoCore
import Testing

@testable import Geofencing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The batch query decides a candidate by the equirectangular `Q` only where
/// `CellProbe.relativeErrorBound` says `Q` is close enough to the haversine `h`; the bound must
/// hold everywhere in a fence's bounding box, and be near enough to the truth to decide.
struct CellProbeBoundTests {
    @Test("the equirectangular Q stays within the stated bound of the haversine h in every fence's box")
    func boundHolds() throws {
        var random = SplitMix64(seed: 2026)
        let k = Earth.radiansPerDegree
        var checked = 0, tightest = 0.0
        for fence in 0..<400 {
            let latitude = fence % 10 == 0 ? random.uniform(-89.9...89.9) : random.uniform(-80...80)
            let radius = pow(10, random.uniform(0...6.3))
            let circle = try CircleFence(
                centre: Coordinate(uncheckedLatitude: latitude, longitude: random.uniform(-170...170)),
                radiusMeters: radius)
            let probe = FenceProbe(.circle(circle), box: Fence.circle(circle).boundingBox, polygonSlot: -1)
            let bound = CellProbe.relativeErrorBound(
                latitude: probe.latitude, reachLatitude: Double(probe.reachLatitude),
                reachLongitude: Double(probe.reachLongitude))
            guard bound < 0.25 else { continue }
            let reachA = Double(probe.reachLatitude) * k, reachB = Double(probe.reachLongitude) * k
            let phi = probe.latitude * k, c = cos(phi)
            for point in 0..<200 {
                // The box's corners and edges, where the error is largest, and points inside it.
                let a = point < 4 ? (point % 2 == 0 ? reachA : -reachA) : random.uniform(-reachA...reachA)
                let b = point < 4 ? (point < 2 ? reachB : -reachB) : random.uniform(-reachB...reachB)
                let sa = sin(a / 2), sb = sin(b / 2)
                let h = sa * sa + c * cos(phi + a) * sb * sb
                let q = (a * a + c * c * b * b) / 4
                let error = abs(h - q) / q
                // 1e-15: the rounding of h and Q themselves.
                #expect(error <= bound + 1e-15, "latitude \(latitude), radius \(radius), a \(a), b \(b)")
                tightest = max(tightest, error / bound)
                checked += 1
            }
        }
        #expect(checked > 60_000)
        // Not vacuous: somewhere the error reaches a good part of the bound.
        #expect(tightest > 0.3)
    }

    @Test("circles of city size are decided outside a band of a few parts in a hundred thousand")
    func thresholdsDecideAlmostEverything() throws {
        let circle = try CircleFence(
            centre: Coordinate(uncheckedLatitude: 47.3769, longitude: 8.5417), radiusMeters: 67)
        let probe = CellProbe(
            FenceProbe(.circle(circle), box: Fence.circle(circle).boundingBox, polygonSlot: -1), fence: 0)
        let rDegrees = 67 / Earth.metersPerDegree
        #expect(Double(probe.qInside) > rDegrees * rDegrees * (1 - 5e-5))
        #expect(Double(probe.qOutside) < rDegrees * rDegrees * (1 + 5e-5))
        #expect(probe.qInside < probe.qOutside)
    }
}
