import GeoCore
import Geofencing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Seeded random fence layouts that stress the index where it can go wrong: dense cities,
/// the whole globe, the poles, the antimeridian, tiny and huge radii.
public enum RandomLayout: String, CaseIterable, Sendable, CustomStringConvertible {
    case city, global, poles, antimeridian, tinyRadii, hugeRadii, polygons

    /// The layout's name, as test output shows it.
    public var description: String { rawValue }

    /// `count` fences of this layout.
    public func fences(count: Int, seed: UInt64) -> [Fence] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in fence(&random) }
    }

    /// A random point near where this layout's fences are, so queries actually hit.
    public func point(near fences: [Fence], _ random: inout SplitMix64) -> Coordinate {
        let anchor = fences[Int(random.next() % UInt64(fences.count))].boundingCircle
        let reach = min(anchor.radiusMeters * 1.5 + 50, 2_000_000)
        return anchor.centre.destination(
            bearingDegrees: random.uniform(0...360),
            distanceMeters: reach * random.nextUnit())
    }

    private func fence(_ random: inout SplitMix64) -> Fence {
        switch self {
        case .city:
            return circle(
                around: Coordinate(uncheckedLatitude: 47.3769, longitude: 8.5417), spread: 5_000,
                radius: random.uniform(15...300), &random)
        case .global:
            let centre = Coordinate(
                uncheckedLatitude: asin(random.uniform(-1...1)) / Earth.radiansPerDegree,
                longitude: random.uniform(-180...180))
            return circle(around: centre, spread: 0, radius: exp(random.uniform(log(15)...log(50_000))), &random)
        case .poles:
            let pole = random.nextUnit() < 0.5 ? 90.0 : -90.0
            let centre = Coordinate(uncheckedLatitude: pole, longitude: random.uniform(-180...180))
            return circle(
                around: centre, spread: 120_000 * random.nextUnit() * random.nextUnit(),
                radius: random.uniform(10...2_000), &random)
        case .antimeridian:
            let lon = [180.0, -180.0, 179.9995, -179.9995][Int(random.next() % 4)]
            let centre = Coordinate(uncheckedLatitude: random.uniform(-80...80), longitude: lon)
            let moved = circle(
                around: centre, spread: random.nextUnit() < 0.3 ? 0 : 300,
                radius: random.uniform(5...500), &random)
            return moved
        case .tinyRadii:
            return circle(
                around: Coordinate(uncheckedLatitude: -33.8688, longitude: 151.2093), spread: 200,
                radius: exp(random.uniform(log(0.01)...log(2))), &random)
        case .hugeRadii:
            let centre = Coordinate(uncheckedLatitude: random.uniform(-90...90), longitude: random.uniform(-180...180))
            return circle(around: centre, spread: 0, radius: random.uniform(1_000_000...21_000_000), &random)
        case .polygons:
            let centre = Coordinate(uncheckedLatitude: random.uniform(-89...89), longitude: random.uniform(-180...180))
            return star(around: centre, radius: random.uniform(20...3_000), &random)
        }
    }

    private func circle(around origin: Coordinate, spread: Meters, radius: Meters, _ random: inout SplitMix64) -> Fence
    {
        let centre =
            spread > 0
            ? origin.destination(bearingDegrees: random.uniform(0...360), distanceMeters: spread * random.nextUnit())
            : origin
        return .circle(try! CircleFence(centre: centre, radiusMeters: radius))
    }

    /// A non-convex star polygon, sometimes with a hole, sometimes two parts.
    private func star(around centre: Coordinate, radius: Meters, _ random: inout SplitMix64) -> Fence {
        func ring(_ c: Coordinate, _ r: Meters, points: Int, _ random: inout SplitMix64) -> [Coordinate] {
            (0..<points).map { i in
                let spike = i % 2 == 0 ? 1.0 : random.uniform(0.4...0.8)
                return c.destination(bearingDegrees: Double(i) * 360 / Double(points), distanceMeters: r * spike)
            }
        }
        var polygon = [ring(centre, radius, points: 2 * Int(3 + random.next() % 6), &random)]
        if random.nextUnit() < 0.5 { polygon.append(ring(centre, radius * 0.2, points: 6, &random)) }
        var polygons = [polygon]
        if random.nextUnit() < 0.3 {
            let other = centre.destination(bearingDegrees: random.uniform(0...360), distanceMeters: radius * 3)
            polygons.append([ring(other, radius * 0.5, points: 8, &random)])
        }
        return .polygon(try! PolygonFence(polygons: polygons))
    }
}
