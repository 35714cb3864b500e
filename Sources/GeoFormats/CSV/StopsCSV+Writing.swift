import RaceKitCore

extension StopsCSV {
    /// The stops format's text: the header `id,lat,lon,radius_m`, then one line per stop,
    /// numbers in plain decimals that read back as the same doubles.
    public static func text(_ table: StopTable) -> String {
        var out = header.joined(separator: ",") + "\n"
        out.reserveCapacity(table.ids.count * 48)
        for (i, id) in table.ids.enumerated() {
            let centre = table.centres[i]
            out += String(id) + "," + DecimalText.plain(centre.latitude) + "," + DecimalText.plain(centre.longitude)
            out += "," + DecimalText.plain(table.radiiMeters[i]) + "\n"
        }
        return out
    }
}
