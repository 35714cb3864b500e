import Crypto
import Foundation
import GeoCore
import GeoFormats
import Geofencing
import RaceKitCore
import RaceModel

/// The live page of a race (`/races/{id}/live`): a map of the stops and participants drawn as
/// plain SVG (no tiles) and the standings, kept current from the race's event stream.
///
/// One self-contained document: the style and the script are inline, the race's stops are
/// embedded as JSON, and the page talks only to this server (its event stream and positions),
/// which the Content-Security-Policy enforces by the hashes of the inline style and script.
enum LivePage {
    /// The page for race `raceID`.
    static func html(raceID: String, race: Race) -> String {
        let data = JSONValue.object([
            JSONMember("raceID", .string(raceID)), JSONMember("name", .string(race.name)),
            JSONMember("stops", .array(race.stops.compactMap(stopJSON))),
            JSONMember("course", .array((race.courses.first?.stopIDs ?? []).map { .string($0) })),
        ])
        // Inside <script type="application/json"> only "</" could end the element early.
        let embedded = data.serialized(pretty: false).replacingOccurrences(of: "<", with: "\\u003c")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(XMLCharacters.escape(race.name, attribute: true)) · live</title>
            <style>\(LivePageStyle.text)</style>
            </head>
            <body>
            <header><h1 id="title">\(XMLCharacters.escape(race.name, attribute: true))</h1><p id="status">connecting…</p></header>
            <main>
            <section id="map-panel" aria-label="Map"><svg id="map" role="img" aria-label="Map of the stops and participants"></svg></section>
            <section id="standings-panel" aria-label="Standings"><table id="standings"><thead><tr><th>#</th><th>Name</th><th>Stops</th><th>Next</th><th>Time</th><th id="points-head">Points</th></tr></thead><tbody></tbody></table></section>
            </main>
            <script id="race-data" type="application/json">\(embedded)</script>
            <script>\(LivePageScript.text)</script>
            </body>
            </html>

            """
    }

    /// The response headers' policy: nothing but this server, and only this page's own style and script.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src '\(hash(LivePageScript.text))'; style-src '\(hash(LivePageStyle.text))'; "
        + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// `{id, name, lat, lon, radius, rings?}`: the centre and radius of the stop's bounding
    /// circle (the fence engine's own), and a polygon's rings as [lon, lat] pairs.
    static func stopJSON(_ stop: Stop) -> JSONValue? {
        guard let fence = try? stop.fence.makeFence() else { return nil }
        let circle = fence.boundingCircle
        var members = [
            JSONMember("id", .string(stop.id)), JSONMember("name", .string(stop.name)),
            JSONMember("lat", .number(circle.centre.latitude)), JSONMember("lon", .number(circle.centre.longitude)),
            JSONMember("radius", .number((circle.radiusMeters * 10).rounded() / 10)),
        ]
        if case .polygon(let polygons) = stop.fence {
            let rings = polygons.flatMap { $0 }.map { ring in
                JSONValue.array(ring.map { .array([.number($0.longitude), .number($0.latitude)]) })
            }
            members.append(JSONMember("rings", .array(rings)))
        }
        return .object(members)
    }

    /// A CSP source for inline text: `sha256-` and the base64 of its SHA-256.
    static func hash(_ text: String) -> String {
        "sha256-" + Data(SHA256.hash(data: Array(text.utf8))).base64EncodedString()
    }
}
