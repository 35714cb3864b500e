/// Places the stop names on the report's map so that no two labels overlap, and no label covers
/// a stop's marker: each label tries positions around its stop in a fixed order (right, above
/// right, below right, left, above left, below left, above, below; then the same twice and three
/// times as far) and takes the first that is free and inside the map. Labels are placed in stop
/// order, so the same race gives the same map.
///
/// Text boxes are estimated, not measured (the page has no layout engine to ask): a 12 px
/// sans-serif character is at most ``characterWidth`` wide on average, a line ``lineHeight`` tall.
struct MapLabelPlacer {
    /// An axis-aligned box in SVG pixels.
    struct Box: Hashable, Sendable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        /// The area shared with `other` (0 when apart).
        func overlap(_ other: Box) -> Double {
            max(0, min(maxX, other.maxX) - max(minX, other.minX))
                * max(0, min(maxY, other.maxY) - max(minY, other.minY))
        }
    }

    /// A placed label: where its text starts (`x`) and its baseline (`y`).
    struct Placement: Hashable, Sendable {
        var x: Double, y: Double
    }

    static let fontSize = 12.0
    static let characterWidth = 7.2
    static let lineHeight = 14.0
    /// How far the baseline sits below the top of the box.
    static let ascent = 11.0

    /// The box of `text` written from `x` on baseline `y`.
    static func box(_ text: String, x: Double, y: Double) -> Box {
        Box(minX: x, minY: y - ascent, maxX: x + Double(text.count) * characterWidth, maxY: y - ascent + lineHeight)
    }

    let width: Double, height: Double
    /// Stop markers and labels placed so far: what a new label must not cover.
    private(set) var taken: [Box]

    /// A placer for a `width` × `height` map whose stop markers cover `markers`.
    init(width: Double, height: Double, markers: [Box]) {
        self.width = width
        self.height = height
        taken = markers
    }

    /// Places `text` next to a marker of radius `radius` centred at (`x`, `y`); `centred` tries
    /// the middle of the marker first (a polygon's label goes inside it).
    mutating func place(_ text: String, x: Double, y: Double, radius: Double, centred: Bool = false) -> Placement {
        let w = Double(text.count) * Self.characterWidth
        let middle = y + Self.ascent - Self.lineHeight / 2  // baseline of a line centred on y
        var candidates: [Placement] = centred ? [Placement(x: x - w / 2, y: middle)] : []
        for step in 1...3 {
            let gap = 4 * Double(step) + (step > 1 ? Self.lineHeight * Double(step - 1) : 0)
            let r = radius + gap, d = (radius * 0.7 + gap)
            candidates += [
                Placement(x: x + r, y: middle),  // right
                Placement(x: x + d, y: y - d),  // above right
                Placement(x: x + d, y: y + d + Self.ascent),  // below right
                Placement(x: x - r - w, y: middle),  // left
                Placement(x: x - d - w, y: y - d),  // above left
                Placement(x: x - d - w, y: y + d + Self.ascent),  // below left
                Placement(x: x - w / 2, y: y - r - (Self.lineHeight - Self.ascent)),  // above
                Placement(x: x - w / 2, y: y + r + Self.ascent),  // below
            ]
        }
        let (width, height) = (self.width, self.height)
        let inside = { (b: Box) in b.minX >= 0 && b.minY >= 0 && b.maxX <= width && b.maxY <= height }
        let chosen =
            candidates.first { candidate in
                let box = Self.box(text, x: candidate.x, y: candidate.y)
                return inside(box) && !taken.contains { $0.overlaps(box) }
            } ?? candidates.min { a, b in
                // Nowhere free: the position that covers least (the first of equals).
                let boxA = Self.box(text, x: a.x, y: a.y), boxB = Self.box(text, x: b.x, y: b.y)
                return taken.reduce(0) { $0 + $1.overlap(boxA) } < taken.reduce(0) { $0 + $1.overlap(boxB) }
            }!
        taken.append(Self.box(text, x: chosen.x, y: chosen.y))
        return chosen
    }
}
