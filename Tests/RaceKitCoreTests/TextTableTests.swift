import RaceKitCore
import Testing

struct TextTableTests {
    @Test("columns are as wide as their widest cell or minimum, aligned left or right, two spaces apart")
    func alignment() {
        var table = TextTable(alignments: [.left, .right, .right], minimumWidths: [0, 0, 5])
        table.append(["stop", "radius", "n"])
        table.append(["hb", "25 m", "12"])
        table.append(["grossmünster", "1000 m", "3"])
        #expect(
            table.text == """
                stop          radius      n
                hb              25 m     12
                grossmünster  1000 m      3

                """)
    }

    @Test("widths count characters: an emoji or a decomposed letter is one column, as for any other cell")
    func characterWidths() {
        var table = TextTable(alignments: [.left, .left])
        table.append(["🏁", "x"])
        table.append(["e\u{301}te\u{301}", "y"])
        table.append(["ab", "z"])
        // "été" (5 scalars) is 3 wide: "🏁" gets 2 spaces of padding, then the separator.
        #expect(table.lines == ["🏁    x", "e\u{301}te\u{301}  y", "ab   z"])
    }

    @Test("trailing spaces trimmed when asked (empty last cells), kept otherwise")
    func trimming() {
        var table = TextTable(alignments: [.left, .left], trimsTrailingSpaces: true)
        table.append(["rank", "note"])
        table.append(["1", ""])
        #expect(table.lines == ["rank  note", "1"])
        table.trimsTrailingSpaces = false
        #expect(table.lines == ["rank  note", "1" + String(repeating: " ", count: 3 + 2 + 4)])
    }

    @Test("labelled rows line their values up after the widest label, or at a given column")
    func labelled() {
        #expect(TextTable.labelled([("length", "12"), ("tour", "a b")]) == "length  12\ntour    a b\n")
        #expect(TextTable.labelled([("format", "gpx")], valueColumn: 10) == "format    gpx\n")
    }
}
