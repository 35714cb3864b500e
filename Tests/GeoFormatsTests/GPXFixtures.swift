/// Small hand-written GPX documents with the shapes real files have (prefixed Garmin extensions,
/// GPX 1.0, comments, CDATA and entities, empty and missing parts). Each states the counts a
/// correct reader finds.
enum GPXFixtures {
    struct Fixture: Sendable, CustomStringConvertible {
        let name: String
        let text: String
        let tracks, segments, trackPoints, timedTrackPoints, routes, routePoints, waypoints: Int
        let latitudeSum, longitudeSum: Double
        var description: String { name }
    }

    static let all: [Fixture] = [garminWithPrefixes, gpx10, commentsCDATAEntities, emptyAndMissing]

    /// GPX 1.1 with a prefixed GPX namespace, Garmin TrackPointExtension, a BOM-less UTF-8 name.
    static let garminWithPrefixes = Fixture(
        name: "garmin-prefixed.gpx",
        text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" version="1.1" creator="Edge 530">
              <g:metadata><g:name>Morning ride — Zürich</g:name><g:time>2024-05-01T06:00:00Z</g:time></g:metadata>
              <g:trk>
                <g:name>Ride</g:name>
                <g:trkseg>
                  <g:trkpt lat="47.3769" lon="8.5417"><g:ele>408.2</g:ele><g:time>2024-05-01T06:00:00Z</g:time>
                    <g:extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>14.5</gpxtpx:atemp><gpxtpx:hr>128</gpxtpx:hr><gpxtpx:cad>85</gpxtpx:cad></gpxtpx:TrackPointExtension></g:extensions>
                  </g:trkpt>
                  <g:trkpt lat="47.3779" lon="8.5427"><g:ele>409</g:ele><g:time>2024-05-01T06:00:05.250+00:00</g:time></g:trkpt>
                  <g:trkpt lat="47.3789" lon="8.5437"><g:time>2024-05-01T08:00:10+02:00</g:time></g:trkpt>
                </g:trkseg>
              </g:trk>
            </g:gpx>
            """, tracks: 1, segments: 1, trackPoints: 3, timedTrackPoints: 3, routes: 0, routePoints: 0, waypoints: 0,
        latitudeSum: 142.1337, longitudeSum: 25.6281)

    /// GPX 1.0: speed and course as elements, url/urlname, a route and waypoints.
    static let gpx10 = Fixture(
        name: "gpx10.gpx",
        text: """
            <?xml version="1.0"?>
            <gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
            <name>Old file</name><time>2002-02-27T17:18:33Z</time>
            <bounds minlat="42.4" minlon="-71.2" maxlat="42.5" maxlon="-71.1"/>
            <wpt lat="42.438878" lon="-71.119277"><ele>44.586548</ele><name>5066</name><desc>5066</desc><sym>Crossing</sym><type>Crossing</type></wpt>
            <wpt lat="42.439227" lon="-71.119689"><name>5067</name><url>http://example.com/</url><urlname>site</urlname></wpt>
            <rte><name>R1</name><rtept lat="42.43" lon="-71.11"/><rtept lat="42.44" lon="-71.12"/></rte>
            <trk><name>T</name><trkseg>
            <trkpt lat="42.40" lon="-71.10"><time>2002-02-27T17:18:33Z</time><speed>2.5</speed><course>90.5</course></trkpt>
            </trkseg></trk>
            </gpx>
            """, tracks: 1, segments: 1, trackPoints: 1, timedTrackPoints: 1, routes: 1, routePoints: 2, waypoints: 2,
        latitudeSum: 212.148105, longitudeSum: -355.568966)

    /// Comments everywhere, CDATA, character references, entities, a DOCTYPE, CRLF line ends.
    static let commentsCDATAEntities = Fixture(
        name: "comments.gpx",
        text:
            "<?xml version=\"1.0\"?>\r\n<!DOCTYPE gpx>\r\n<!-- a comment -->\r\n<gpx version=\"1.1\" creator=\"x &amp; y\" xmlns=\"http://www.topografix.com/GPX/1/1\">\r\n"
            + "<wpt lat=\"&#52;5.5\" lon=\"10\"><!-- c --><name><![CDATA[A <b> & C]]> &lt;&#x44;&gt;</name></wpt>\r\n"
            + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time><!-- x -->2020-01-01T00:00:00Z</time></trkpt><!-- y --></trkseg></trk>\r\n</gpx>\r\n",
        tracks: 1, segments: 1, trackPoints: 1, timedTrackPoints: 1, routes: 0, routePoints: 0, waypoints: 1,
        latitudeSum: 46.5, longitudeSum: 12)

    /// What cannot be used: an empty segment, points without time, an unparsable time.
    static let emptyAndMissing = Fixture(
        name: "missing.gpx",
        text: """
            <gpx version="1.1" creator="t">
            <trk><trkseg></trkseg><trkseg>
            <trkpt lat="10" lon="20"/>
            <trkpt lat="10.5" lon="20.5"><time>yesterday</time></trkpt>
            <trkpt lat="11" lon="21"><time>2020-02-29T23:59:60Z</time></trkpt>
            </trkseg></trk>
            </gpx>
            """, tracks: 1, segments: 2, trackPoints: 3, timedTrackPoints: 1, routes: 0, routePoints: 0, waypoints: 0,
        latitudeSum: 31.5, longitudeSum: 61.5)
}
