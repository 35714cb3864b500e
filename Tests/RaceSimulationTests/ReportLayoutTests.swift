import Testing

@testable import RaceSimulation

/// The small rules behind the report's exports: IOF name parts and map label placement.
struct ReportLayoutTests {
    @Test(
        "names split at the last space or a comma; one word is the family name",
        arguments: [
            ("Anna Lena Muster", "Anna Lena", "Muster"), ("  Anna   Muster ", "Anna", "Muster"),
            ("Muster, Anna", "Anna", "Muster"),
            ("Chiara", "", "Chiara"), (", Anna", "", "Anna"), ("", "", ""),
        ])
    func nameParts(name: String, given: String, family: String) {
        let parts = PersonNameParts(name)
        #expect(parts.given == given && parts.family == family)
    }

    @Test("labels of markers in a tight cluster never overlap each other or a marker, and the placement is repeatable")
    func clusteredLabels() {
        func layout() -> [MapLabelPlacer.Box] {
            // Five 6 px markers 10 px apart in a row: the first positions everyone tries collide.
            let centres = (0..<5).map { (x: 400 + 10 * Double($0), y: 300.0) }
            let markers = centres.map {
                MapLabelPlacer.Box(minX: $0.x - 6, minY: $0.y - 6, maxX: $0.x + 6, maxY: $0.y + 6)
            }
            var placer = MapLabelPlacer(width: 900, height: 560, markers: markers)
            return centres.enumerated().map { i, c in
                let name = "Stop number \(i)"
                let at = placer.place(name, x: c.x, y: c.y, radius: 6)
                return MapLabelPlacer.box(name, x: at.x, y: at.y)
            }
        }
        let labels = layout()
        #expect(labels == layout())
        let markers = (0..<5).map {
            MapLabelPlacer.Box(minX: 394 + 10 * Double($0), minY: 294, maxX: 406 + 10 * Double($0), maxY: 306)
        }
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] { #expect(!a.overlaps(b)) }
            for m in markers { #expect(!a.overlaps(m)) }
            #expect(a.minX >= 0 && a.maxX <= 900 && a.minY >= 0 && a.maxY <= 560)
        }
    }
}
