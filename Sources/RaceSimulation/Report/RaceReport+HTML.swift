import GameModes
import GeoCore
import RaceModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension RaceReport {
    /// A self-contained HTML report (no network): an SVG map of the stops, fences and tracks,
    /// the stops' categories and descriptions when the race has them, the standings, the split table with leg ranks, and a chart of each participant's
    /// progress over time (the leader on top).
    public var html: String {
        let names = replay.input.names
        let palette = [
            "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324",
            "#800000", "#469990", "#000075", "#808000", "#bfef45", "#fabed4", "#dcbeff", "#aaffc3",
        ]
        let colour = { (p: Int) in palette[p % palette.count] }
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Self.escape(race.name)) — RaceKit report</title>
            <style>
            body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#222;max-width:1100px}
            h1{margin:0 0 4px}h2{margin-top:28px;border-bottom:1px solid #ddd}
            table{border-collapse:collapse;font-size:14px}td,th{padding:4px 8px;border-bottom:1px solid #eee;text-align:right}
            td:nth-child(2),th:nth-child(2){text-align:left}.best{font-weight:700;color:#1a7f37}
            .status-OK{color:#1a7f37}.status-MissingPunch,.status-DidNotFinish,.status-OverTime{color:#b42318}
            .swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px}
            svg{background:#f7f7f4;border:1px solid #ddd}.note{color:#666;font-size:13px}
            </style></head><body>
            <h1>\(Self.escape(race.name))</h1>
            <p class="note">\(Self.escape(race.description ?? "")) Mode: \(Self.escape(race.mode.name)). \(names.count) participants, \(replay.visits.count) visits.</p>

            """
        page += "<h2>Map</h2>\n" + map(colour) + "\n"
        page += stopDetailsTable
        // One points figure: the game's when a mode is played (its rules may take points away),
        // else the stops' sum.
        let showPoints = game == nil && race.stops.contains { $0.points != nil }
        page +=
            "<h2>Standings</h2>\n<table><tr><th>#</th><th>Name</th><th>Status</th><th>Time</th><th>Stops</th>\(showPoints ? "<th>Points</th>" : "")</tr>\n"
        for s in standings {
            page +=
                "<tr><td>\(s.rank.map(String.init) ?? "")</td><td><span class=\"swatch\" style=\"background:\(colour(s.participant))\"></span>\(Self.escape(s.name))</td>"
            page +=
                "<td class=\"status-\(s.status.rawValue)\">\(s.status.rawValue)</td><td>\(Self.clock(s.runningTime))</td>"
            page += "<td>\(s.stopsReached)/\(s.stopsOnCourse)</td>\(showPoints ? "<td>\(s.points)</td>" : "")</tr>\n"
        }
        page += "</table>\n"
        if let game {
            let winners =
                game.standings.winners.isEmpty
                ? "" : " — won by \(Self.escape(game.standings.winners.joined(separator: ", ")))"
            page += "<h2>Game: \(Self.escape(game.mode))\(winners)</h2>\n"
            let board = GameBoardSVG(game.standings)
            if let board { page += board.svg + "\n" }
            page +=
                "<table><tr><th>#</th><th>Name</th><th>Status</th><th>Points</th><th>Stops</th><th>Details</th></tr>\n"
            for row in game.standings.rows {
                let details = Self.readableDetails(
                    row, columns: game.standings.columns, leaving: board == nil ? [] : [GameBoardSVG.detail])
                page +=
                    "<tr><td>\(row.rank.map(String.init) ?? "")</td><td>\(Self.escape(row.name))</td><td class=\"status-\(row.status.rawValue)\">\(row.status.rawValue)</td>"
                page +=
                    "<td>\(row.points)</td><td>\(row.stopsReached)</td><td style=\"text-align:left\">\(Self.escape(details))</td></tr>\n"
            }
            page += "</table>\n"
        }
        page += "<h2>Splits</h2>\n" + splitTable() + "\n<h2>Leader over time</h2>\n"
        page +=
            "<p class=\"note\">Stops reached against time: the highest line leads; dots mark a new leader.</p>\n"
            + progressChart(colour)
        if !flags.flags.isEmpty {
            page += "\n<h2>Flags</h2>\n<table><tr><th>Time</th><th>Name</th><th>Kind</th><th>Evidence</th></tr>\n"
            for f in flags.flags.prefix(200) {
                page +=
                    "<tr><td>\(Self.clock(f.time))</td><td>\(Self.escape(names[f.participant]))</td><td>\(f.kind.rawValue)</td><td>\(Self.escape(f.evidence))</td></tr>\n"
            }
            page += "</table>\n"
        }
        return page
            + "<p class=\"note\">Made by RaceKit. Times are from the race start; arrivals are interpolated where tracks cross fences.</p>\n</body></html>\n"
    }

    /// The stops, fences and tracks, on an equirectangular projection around the race's centre.
    private func map(_ colour: (Int) -> String) -> String {
        let positions = replay.input.positions
        var lats: [Double] = [], lons: [Double] = []
        for stop in race.stops {
            switch stop.fence {
            case .circle(let c, _): lats.append(c.latitude); lons.append(c.longitude)
            case .polygon(let p): for v in p.joined().joined() { lats.append(v.latitude); lons.append(v.longitude) }
            }
        }
        guard let minLat = lats.min(), let maxLat = lats.max(), let minLon = lons.min(), let maxLon = lons.max() else {
            return ""
        }
        let k = Earth.radiansPerDegree
        let midLat = (minLat + maxLat) / 2
        let metresX = (maxLon - minLon) * Earth.metersPerDegree * cos(midLat * k),
            metresY = (maxLat - minLat) * Earth.metersPerDegree
        let width = 900.0, height = 560.0, margin = 40.0
        let scale = min((width - 2 * margin) / max(metresX, 1), (height - 2 * margin) / max(metresY, 1)) * 0.85
        let cx = (minLon + maxLon) / 2, cy = midLat
        func xy(_ lat: Double, _ lon: Double) -> (Double, Double) {
            (
                width / 2 + (lon - cx) * Earth.metersPerDegree * cos(midLat * k) * scale,
                height / 2 - (lat - cy) * Earth.metersPerDegree * scale
            )
        }
        func f(_ x: Double) -> String { String((x * 10).rounded() / 10) }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">\n"
        var rows = [[Int]](repeating: [], count: replay.input.names.count)
        for i in 0..<positions.count { rows[Int(positions.participant[i])].append(i) }
        for (p, mine) in rows.enumerated() where mine.count > 1 {
            let stride = max(1, mine.count / 1500)  // at most ~1500 points a track keeps the page light
            let points = Swift.stride(from: 0, to: mine.count, by: stride).map {
                xy(positions.latitude[mine[$0]], positions.longitude[mine[$0]])
            }
            svg +=
                "<polyline fill=\"none\" stroke=\"\(colour(p))\" stroke-width=\"1.5\" stroke-opacity=\"0.75\" points=\"\(points.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " "))\"/>\n"
        }
        // Markers first, then the labels, placed so that none overlaps another or covers a marker.
        var markers: [MapLabelPlacer.Box] = []
        var anchors: [(x: Double, y: Double, radius: Double, inside: Bool)] = []
        for stop in race.stops {
            switch stop.fence {
            case .circle(let c, let r):
                let (x, y) = xy(c.latitude, c.longitude)
                let radius = max(3, r * scale)
                svg +=
                    "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(radius))\" fill=\"#ffd54f\" fill-opacity=\"0.45\" stroke=\"#8d6e00\"/>\n"
                markers.append(
                    MapLabelPlacer.Box(minX: x - radius, minY: y - radius, maxX: x + radius, maxY: y + radius))
                anchors.append((x, y, radius, false))
            case .polygon(let polygons):
                var points: [(Double, Double)] = []
                for ring in polygons.joined() {
                    let ringPoints = ring.map { xy($0.latitude, $0.longitude) }
                    points += ringPoints
                    svg +=
                        "<polygon points=\"\(ringPoints.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " "))\" fill=\"#ffd54f\" fill-opacity=\"0.45\" stroke=\"#8d6e00\"/>\n"
                }
                let xs = points.map(\.0), ys = points.map(\.1)
                let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
                anchors.append(((minX + maxX) / 2, (minY + maxY) / 2, max(maxX - minX, maxY - minY) / 2, true))
            }
        }
        var placer = MapLabelPlacer(width: width, height: height, markers: markers)
        for (stop, anchor) in zip(race.stops, anchors) {
            let label = placer.place(stop.name, x: anchor.x, y: anchor.y, radius: anchor.radius, centred: anchor.inside)
            svg +=
                "<text class=\"stop-label\" x=\"\(f(label.x))\" y=\"\(f(label.y))\" font-size=\"\(Int(MapLabelPlacer.fontSize))\" fill=\"#333\" stroke=\"#f7f7f4\" stroke-width=\"3\" paint-order=\"stroke\">\(Self.escape(stop.name))</text>\n"
        }
        let barMetres = pow(10, (log10(max(metresX, 10)) - 0.5).rounded(.down))
        svg +=
            "<line x1=\"20\" y1=\"\(Int(height) - 20)\" x2=\"\(f(20 + barMetres * scale))\" y2=\"\(Int(height) - 20)\" stroke=\"#333\" stroke-width=\"2\"/>"
        svg += "<text x=\"20\" y=\"\(Int(height) - 26)\" font-size=\"11\">\(Int(barMetres)) m</text>\n"
        return svg + "</svg>"
    }

    /// A row's mode-specific details as "name: value" pairs, in the mode's column order (other
    /// keys after, by name), leaving out empty values and the keys in `leaving`.
    static func readableDetails(_ row: StandingsRow, columns: [String], leaving: Set<String>) -> String {
        let order = columns + row.details.keys.filter { !columns.contains($0) }.sorted()
        return order.compactMap { key in
            guard !leaving.contains(key), let value = row.details[key], !value.isEmpty else { return nil }
            return "\(Self.words(key)): \(value)"
        }.joined(separator: " · ")
    }

    /// `wrongAnswers` → `wrong answers`.
    static func words(_ key: String) -> String {
        var out = ""
        for c in key {
            if c.isUppercase { out += " " + c.lowercased() } else { out.append(c) }
        }
        return out
    }

    /// Splits per leg and participant, leg rank in brackets, the leg's best in bold.
    ///
    /// Only legs that every runner of a course runs the same way are compared
    /// (`Course.fixedLegs`): inside an any-order group, or on a board without start or finish,
    /// each runner makes their own legs, and ranking them would compare different things.
    private func splitTable() -> String {
        let names = replay.input.names
        let index = Dictionary(race.stops.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var fixed = Set<LegAnalysis.LegKey>()
        for course in race.courses {
            for leg in course.fixedLegs {
                if let from = index[leg.from], let to = index[leg.to] {
                    fixed.insert(LegAnalysis.LegKey(from: from, to: to))
                }
            }
        }
        var keys: [LegAnalysis.LegKey] = []
        for leg in legs.legs {
            let key = LegAnalysis.LegKey(from: leg.from, to: leg.to)
            if fixed.contains(key) && !keys.contains(key) { keys.append(key) }
        }
        guard !keys.isEmpty else {
            return
                "<p class=\"note\">No leg is the same for every runner (the controls are visited in any order), so there are no splits to compare.</p>"
        }
        // Headings: S for a course's start, F for its finish, other stops numbered in the order
        // the legs first reach them.
        let starts = Set(race.courses.compactMap { $0.start.flatMap { index[$0] } })
        let finishes = Set(race.courses.compactMap { $0.finish.flatMap { index[$0] } })
        var order: [Int] = []
        for key in keys {
            for stop in [key.from, key.to]
            where !starts.contains(stop) && !finishes.contains(stop) && !order.contains(stop) {
                order.append(stop)
            }
        }
        func label(_ stop: Int, arriving: Bool) -> String {
            if arriving ? finishes.contains(stop) : starts.contains(stop) { return arriving ? "F" : "S" }
            if starts.contains(stop) { return "S" }
            if finishes.contains(stop) { return "F" }
            return String(order.firstIndex(of: stop)! + 1)
        }
        var html = "<p class=\"note\">Leg time (leg rank); the leg's best in bold. Hover a heading for its stops.</p>\n"
        html += "<div style=\"overflow-x:auto\"><table><tr><th>#</th><th>Name</th>"
        for key in keys {
            let title = Self.escape("\(race.stops[key.from].name) → \(race.stops[key.to].name)")
            html += "<th title=\"\(title)\">\(label(key.from, arriving: false))→\(label(key.to, arriving: true))</th>"
        }
        html += "<th>Time lost</th></tr>\n"
        for s in standings {
            html += "<tr><td>\(s.rank.map(String.init) ?? "")</td><td>\(Self.escape(names[s.participant]))</td>"
            var lost = 0.0
            for key in keys {
                if let leg = legs.legs.first(where: {
                    $0.participant == s.participant && $0.from == key.from && $0.to == key.to
                }) {
                    lost += leg.timeLost
                    html += "<td\(leg.rank == 1 ? " class=\"best\"" : "")>\(Self.clock(leg.split)) (\(leg.rank))</td>"
                } else {
                    html += "<td></td>"
                }
            }
            html += "<td>\(Self.clock(lost))</td></tr>\n"
        }
        return html + "</table></div>"
    }

    /// Stops reached against time for every participant: whoever is highest leads.
    private func progressChart(_ colour: (Int) -> String) -> String {
        let width = 900.0, height = 300.0, left = 40.0, bottom = 30.0
        let end = max(1, replay.courses.compactMap { $0.punches.compactMap(\.time).max() }.max() ?? 1)
        let most = max(1, replay.courses.map(\.punches.count).max() ?? 1)
        func x(_ t: Double) -> Double { left + (t / end) * (width - left - 10) }
        func y(_ n: Int) -> Double { height - bottom - Double(n) / Double(most) * (height - bottom - 10) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\">\n"
        svg +=
            "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - 10)\" y2=\"\(height - bottom)\" stroke=\"#999\"/>"
        svg +=
            "<text x=\"4\" y=\"14\" font-size=\"11\">stops</text><text x=\"\(left - 14)\" y=\"\(y(most) + 4)\" font-size=\"11\">\(most)</text>"
        svg +=
            "<text x=\"\(left)\" y=\"\(height - 8)\" font-size=\"11\">0:00</text><text x=\"\(width - 60)\" y=\"\(height - 8)\" font-size=\"11\">\(Self.clock(end))</text>\n"
        for (p, check) in replay.courses.enumerated() {
            let times = check.punches.compactMap(\.time).sorted()
            var d = "M\(x(0)),\(y(0))"
            for (n, t) in times.enumerated() {
                d += " H\((x(t) * 10).rounded() / 10) V\((y(n + 1) * 10).rounded() / 10)"
            }
            svg += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(colour(p))\" stroke-width=\"2\"/>\n"
        }
        for change in leader.changes {
            svg +=
                "<circle cx=\"\((x(change.time) * 10).rounded() / 10)\" cy=\"\((y(change.punched) * 10).rounded() / 10)\" r=\"3\" fill=\"#222\"><title>\(Self.clock(change.time)) \(Self.escape(replay.input.names[change.participant])) leads</title></circle>\n"
        }
        return svg + "</svg>"
    }
}
