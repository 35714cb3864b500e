import RaceModel

extension RaceReport {
    /// The report's stop list: each stop's category, description and link, as a GPS export or
    /// the organiser gave them. Empty when no stop has any of them (the map already names them).
    var stopDetailsTable: String {
        guard race.stops.contains(where: { $0.category != nil || $0.description != nil || $0.link != nil }) else {
            return ""
        }
        var table = "<h2>Stops</h2>\n<table><tr><th>#</th><th>Stop</th><th>Category</th><th>Description</th></tr>\n"
        for (index, stop) in race.stops.enumerated() {
            var name = Self.escape(stop.name)
            // Only web addresses become links: a `javascript:` or `data:` address in a file stays text.
            if let link = stop.link, link.hasPrefix("https://") || link.hasPrefix("http://") {
                name = "<a href=\"\(Self.escape(link))\" rel=\"noopener noreferrer\">\(name)</a>"
            }
            table +=
                "<tr><td>\(index + 1)</td><td>\(name)</td><td style=\"text-align:left\">\(Self.escape(stop.category ?? ""))</td>"
                + "<td style=\"text-align:left\">\(Self.escape(stop.description ?? ""))</td></tr>\n"
        }
        return table + "</table>\n"
    }
}
