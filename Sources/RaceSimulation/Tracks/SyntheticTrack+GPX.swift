import GeoFormats

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SyntheticTrack {
    /// The track as a GPX document named after the participant, coordinates to 7 decimals
    /// (about a centimetre), as devices write them.
    public var gpx: GPXDocument {
        var metadata = GPXMetadata()
        metadata.name = participant
        metadata.time = fixes.first?.time
        let round = { (degrees: Double) in (degrees * 1e7).rounded() / 1e7 }
        let points = fixes.map {
            GPXPoint(
                latitude: round($0.coordinate.latitude), longitude: round($0.coordinate.longitude),
                elevation: $0.elevationMeters, time: $0.time)
        }
        return GPXDocument(
            creator: "RaceKit synth", metadata: metadata,
            tracks: [GPXTrack(info: GPXPathInfo(name: participant), segments: [GPXTrackSegment(points: points)])])
    }
}
