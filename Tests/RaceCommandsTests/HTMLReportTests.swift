import Foundation
import Testing

/// What a user sees in `racekit simulate --format html` (and the table) on the sample races.
struct HTMLReportTests {
    static let samples = [
        "zurich-old-town", "munich-score-hunt", "mit-campus-quiz", "relay-vienna-old-town",
        "territory-tempelhofer-feld",
    ]

    static func run(_ route: String, _ extra: [String] = [], format: String = "html") throws -> String {
        let folder = SimulateCommandTests.routes.appendingPathComponent(route)
        let result = try RaceKitBinary.run(
            [
                "simulate", folder.appendingPathComponent("race.json").path,
                folder.appendingPathComponent("tracks").path, "--format", format,
            ] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The `<h2>title</h2>` section of `html`, up to the next heading.
    static func section(_ html: String, _ title: String) -> String {
        guard let start = html.range(of: "<h2>\(title)") else { return "" }
        let rest = html[start.upperBound...]
        return String(rest[..<(rest.range(of: "<h2>")?.lowerBound ?? rest.endIndex)])
    }

    /// The text of every `<td>` of `html`'s rows, row by row.
    static func cells(_ html: String) -> [[String]] {
        html.components(separatedBy: "<tr>").dropFirst().map { row in
            row.components(separatedBy: "<td").dropFirst().map { cell in
                let text = cell.drop { $0 != ">" }.dropFirst()
                return String(text[..<(text.range(of: "</td>")?.lowerBound ?? text.endIndex)])
            }
        }.filter { !$0.isEmpty }
    }

    @Test("no two stop labels on the map overlap", arguments: samples)
    func labelsDoNotOverlap(route: String) throws {
        let html = try Self.run(route)
        // A 12 px sans-serif label: at most 7.2 px a character on average, 14 px tall, baseline 11 px down.
        var boxes: [(name: String, minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        let pattern = try NSRegularExpression(
            pattern: #"<text class="stop-label" x="([-0-9.]+)" y="([-0-9.]+)"[^>]*>([^<]*)</text>"#)
        for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let field = { (i: Int) in String(html[Range(match.range(at: i), in: html)!]) }
            let x = Double(field(1))!, y = Double(field(2))!
            let name = field(3).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(
                of: "&quot;", with: "\"")
            boxes.append((name, x, y - 11, x + 7.2 * Double(name.count), y + 3))
        }
        let folder = SimulateCommandTests.routes.appendingPathComponent(route)
        let race = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("race.json")))
                as? [String: Any])
        #expect(boxes.count == (race["stops"] as? [Any])?.count)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let overlap = a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
                #expect(!overlap, "\(route): \(a.name) overlaps \(b.name)")
            }
        }
    }

    @Test("territory: the board is drawn as SVG, not text; standings rank by zones then time; no S/F legs on a board")
    func territory() throws {
        let html = try Self.run("territory-tempelhofer-feld")
        let game = Self.section(html, "Game:")
        #expect(game.contains("<svg class=\"board\""))
        #expect(game.contains("<path d=\"M") && game.contains("<circle"))  // crosses and rings
        #expect(!game.contains("board:"))
        #expect(!html.contains(".OO/") && !html.contains("/..X"))
        // Course standings: not everyone first, and every OK row has a time.
        let rows = Self.cells(Self.section(html, "Standings"))
        #expect(rows.count == 6)
        #expect(Set(rows.map { $0[0] }).count > 1)
        #expect(!rows.contains { $0[3] == "-" })
        // The board has no start or finish and no fixed legs: no S→ or →F headings, no leg ranks.
        let splits = Self.section(html, "Splits")
        #expect(!splits.contains("S→") && !splits.contains("→F"))
        #expect(splits.contains("no splits to compare"))
        // The text table agrees.
        let table = try Self.run("territory-tempelhofer-feld", format: "table")
        let course = SimulateCommandTests.courseStandings(table).dropFirst(2)
        #expect(course.filter { $0.hasPrefix("1 ") }.count == 1, "\(course)")
    }

    @Test("a course with start and finish keeps S and F headings")
    func startAndFinishLegs() throws {
        let splits = Self.section(try Self.run("zurich-old-town"), "Splits")
        #expect(splits.contains(">S→1</th>") && splits.contains("→F</th>"))
    }

    @Test("the game's Details column shows only non-empty details, readably named", arguments: samples)
    func details(route: String) throws {
        let rows = Self.cells(Self.section(try Self.run(route), "Game:"))
        #expect(!rows.isEmpty)
        for row in rows {
            let details = try #require(row.last)
            #expect(
                !details.contains(": ;") && !details.hasSuffix(":") && !details.contains(":  ")
                    && !details.contains(": ·"), "\(details)")
            for pair in details.components(separatedBy: " · ") where !details.isEmpty {
                let key = try #require(pair.components(separatedBy: ": ").first)
                #expect(!key.contains(where: \.isUppercase) && !key.isEmpty, "key \(key) in \(details)")
                #expect(pair.count > key.count + 2, "empty \(key) in \(details)")
            }
        }
    }

    @Test("one points figure: with a game, the course standings leave the stops' sum out; without one they show it")
    func pointsColumns() throws {
        let html = try Self.run("munich-score-hunt")
        #expect(!Self.section(html, "Standings").contains("<th>Points</th>"))
        #expect(Self.section(html, "Game:").contains("<th>Points</th>"))
        let table = try Self.run("munich-score-hunt", format: "table")
        #expect(SimulateCommandTests.courseStandings(table).dropFirst().first?.contains("points") == false)
        let none = try Self.run("munich-score-hunt", ["--mode", "none"], format: "table")
        #expect(SimulateCommandTests.courseStandings(none).dropFirst().first?.hasSuffix("points") == true)
        #expect(
            Self.section(try Self.run("munich-score-hunt", ["--mode", "none"]), "Standings").contains("<th>Points</th>")
        )
    }
}
