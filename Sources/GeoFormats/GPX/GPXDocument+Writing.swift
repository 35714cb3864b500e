import GeoCore
import RaceKitCore

extension GPXDocument {
    /// Namespace that holds extension elements that had no namespace in the file read: GPX 1.1
    /// only allows elements of another namespace in `<extensions>` (`xsd:any namespace="##other"`),
    /// so they are written under this URN and read back without a namespace.
    public static let unqualifiedExtensionNamespace = "urn:racekit:gpx:unqualified"

    static let gpx11Namespace = "http://www.topografix.com/GPX/1/1"
    static let trackPointExtensionV1 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
    static let trackPointExtensionV2 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"

    /// The document as GPX 1.1 (https://www.topografix.com/GPX/1/1/gpx.xsd): elements in schema
    /// order, numbers in plain decimal notation (never an exponent), times in UTC
    /// (`Timestamp.format`), longitude +180 written as −180 (the schema's range is [−180, 180)),
    /// extensions kept, and sensor values that are not already in an extension (GPX 1.0 speed and
    /// course, values set in code) written as Garmin TrackPointExtension v2.
    public func gpxText(creator defaultCreator: String = "RaceKit") -> String {
        var writer = GPXTextWriter(document: self)
        return writer.write(creator: creator ?? defaultCreator)
    }

    /// Writes the document as GPX 1.1 to `path`.
    /// - Throws: `InputError` naming the file when it cannot be written.
    public func write(to path: String, creator: String = "RaceKit") throws(InputError) {
        try OutputFile.write(Array(gpxText(creator: creator).utf8), to: path)
    }
}

/// Serialises a ``GPXDocument`` as GPX 1.1.
struct GPXTextWriter {
    let document: GPXDocument
    private var out = ""
    private var prefixes: [String: String] = [:]  // namespace URI -> prefix

    init(document: GPXDocument) {
        self.document = document
        out.reserveCapacity(1 << 16)
    }

    mutating func write(creator: String) -> String {
        assignPrefixes()
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<gpx version=\"1.1\" creator=\"\(XMLCharacters.escape(creator, attribute: true))\""
        out += " xmlns=\"\(GPXDocument.gpx11Namespace)\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        for (uri, prefix) in prefixes.sorted(by: { $0.value < $1.value }) {
            out += " xmlns:\(prefix)=\"\(XMLCharacters.escape(uri, attribute: true))\""
        }
        out += " xsi:schemaLocation=\"\(GPXDocument.gpx11Namespace) http://www.topografix.com/GPX/1/1/gpx.xsd\">\n"
        writeMetadata(document.metadata)
        for point in document.waypoints { writePoint(point, tag: "wpt", indent: "  ") }
        for route in document.routes {
            out += "  <rte>\n"
            writePathInfo(route.info, indent: "    ")
            for point in route.points { writePoint(point, tag: "rtept", indent: "    ") }
            out += "  </rte>\n"
        }
        for track in document.tracks {
            out += "  <trk>\n"
            writePathInfo(track.info, indent: "    ")
            for segment in track.segments {
                out += "    <trkseg>\n"
                for point in segment.points { writePoint(point, tag: "trkpt", indent: "      ") }
                writeExtensions(segment.extensions, indent: "      ")
                out += "    </trkseg>\n"
            }
            out += "  </trk>\n"
        }
        writeExtensions(document.extensions, indent: "  ")
        out += "</gpx>\n"
        return out
    }

    // MARK: - Namespaces

    private mutating func assignPrefixes() {
        var uris: [String] = []
        var hints: [String: String] = [:]
        func visit(_ elements: [GPXExtensionElement]) {
            for e in elements {
                let uri = e.namespace ?? GPXDocument.unqualifiedExtensionNamespace
                if hints[uri] == nil { uris.append(uri); hints[uri] = e.prefix ?? "" }
                visit(e.children)
            }
        }
        var needsV2 = false
        func points(_ list: [GPXPoint]) {
            for p in list {
                if p.hasDetails { visit(p.details.extensions) }
                if !needsV2 && !syntheticSensors(p).isEmpty { needsV2 = true }
            }
        }
        visit(document.metadata.extensions)
        points(document.waypoints)
        for r in document.routes { visit(r.info.extensions); points(r.points) }
        for t in document.tracks {
            visit(t.info.extensions)
            for s in t.segments { points(s.points); visit(s.extensions) }
        }
        visit(document.extensions)
        if needsV2 && hints[GPXDocument.trackPointExtensionV2] == nil {
            uris.append(GPXDocument.trackPointExtensionV2)
            hints[GPXDocument.trackPointExtensionV2] = ""
        }
        let known = [
            GPXDocument.trackPointExtensionV1: "gpxtpx", GPXDocument.trackPointExtensionV2: "gpxtpx",
            "http://www.garmin.com/xmlschemas/GpxExtensions/v3": "gpxx",
            GPXDocument.unqualifiedExtensionNamespace: "rku",
        ]
        var taken: Set<String> = ["xsi", "xml", "xmlns"]
        var counter = 1
        for uri in uris {
            var candidates = [known[uri], hints[uri]].compactMap { $0 }.filter { !$0.isEmpty && Self.isNCName($0) }
            if uri == GPXDocument.trackPointExtensionV2 { candidates.append("gpxtpx2") }
            var prefix = candidates.first { !taken.contains($0) }
            while prefix == nil {
                let candidate = "ns\(counter)"
                counter += 1
                if !taken.contains(candidate) { prefix = candidate }
            }
            taken.insert(prefix!)
            prefixes[uri] = prefix!
        }
    }

    private static func isNCName(_ s: String) -> Bool {
        guard let first = s.utf8.first, XMLCharacters.isNameStartByte(first), first != ASCII.colon else { return false }
        return s.utf8.allSatisfy { XMLCharacters.isNameByte($0) && $0 != ASCII.colon }
            && !s.lowercased().hasPrefix("xml")
    }

    // MARK: - Elements

    private mutating func element(_ name: String, _ value: String?, indent: String) {
        guard let value else { return }
        out += indent + "<\(name)>" + XMLCharacters.escape(value) + "</\(name)>\n"
    }

    private mutating func number(_ name: String, _ value: Double?, indent: String) {
        guard let value, value.isFinite else { return }
        out += indent + "<\(name)>" + DecimalText.plain(value) + "</\(name)>\n"
    }

    private mutating func writeLinks(_ links: [GPXLink], indent: String) {
        for link in links {
            if link.text == nil && link.type == nil {
                out += indent + "<link href=\"\(XMLCharacters.escape(link.href, attribute: true))\"/>\n"
                continue
            }
            out += indent + "<link href=\"\(XMLCharacters.escape(link.href, attribute: true))\">\n"
            element("text", link.text, indent: indent + "  ")
            element("type", link.type, indent: indent + "  ")
            out += indent + "</link>\n"
        }
    }

    private mutating func writeMetadata(_ m: GPXMetadata) {
        guard !m.isEmpty else { return }
        out += "  <metadata>\n"
        let i = "    "
        element("name", m.name, indent: i)
        element("desc", m.description, indent: i)
        if let author = m.authorName {
            out += i + "<author>\n"
            element("name", author, indent: i + "  ")
            out += i + "</author>\n"
        }
        writeLinks(m.links, indent: i)
        element("time", m.time.map(Timestamp.format), indent: i)
        element("keywords", m.keywords, indent: i)
        if let b = m.bounds {
            out +=
                i
                + "<bounds minlat=\"\(DecimalText.plain(b.minLatitude))\" minlon=\"\(DecimalText.plain(b.minLongitude))\""
            out += " maxlat=\"\(DecimalText.plain(b.maxLatitude))\" maxlon=\"\(DecimalText.plain(b.maxLongitude))\"/>\n"
        }
        writeExtensions(m.extensions, indent: i)
        out += "  </metadata>\n"
    }

    private mutating func writePathInfo(_ info: GPXPathInfo, indent i: String) {
        element("name", info.name, indent: i)
        element("cmt", info.comment, indent: i)
        element("desc", info.description, indent: i)
        element("src", info.source, indent: i)
        writeLinks(info.links, indent: i)
        if let n = info.number, n >= 0 { element("number", String(n), indent: i) }
        element("type", info.type, indent: i)
        writeExtensions(info.extensions, indent: i)
    }

    /// Sensor values of `p` that none of its extension elements carries (by local name).
    private func syntheticSensors(_ p: GPXPoint) -> [(String, Double)] {
        let values: [(String, Double?)] = [
            ("atemp", p.temperature), ("hr", p.heartRate), ("cad", p.cadence),
            ("speed", p.speed), ("course", p.course),
        ]
        let present = values.filter { $0.1 != nil }
        guard !present.isEmpty else { return [] }
        var names: Set<String> = []
        func collect(_ elements: [GPXExtensionElement]) {
            for e in elements { names.insert(e.name); collect(e.children) }
        }
        if p.hasDetails { collect(p.details.extensions) }
        return present.filter { !names.contains($0.0) }.map { ($0.0, $0.1!) }
    }

    private mutating func writePoint(_ p: GPXPoint, tag: String, indent i: String) {
        let lon = p.longitude == 180 ? -180 : p.longitude
        out += i + "<\(tag) lat=\"" + DecimalText.plain(p.latitude) + "\" lon=\"" + DecimalText.plain(lon) + "\""
        let synthetic = syntheticSensors(p)
        guard p.elevation != nil || p.time != nil || p.hasDetails || !synthetic.isEmpty else {
            out += "/>\n"
            return
        }
        out += ">\n"
        let c = i + "  "
        number("ele", p.elevation, indent: c)
        element("time", p.time.map(Timestamp.format), indent: c)
        let d = p.details
        if let magvar = d.magneticVariation, magvar >= 0, magvar < 360 { number("magvar", magvar, indent: c) }
        number("geoidheight", d.geoidHeight, indent: c)
        element("name", d.name, indent: c)
        element("cmt", d.comment, indent: c)
        element("desc", d.description, indent: c)
        element("src", d.source, indent: c)
        writeLinks(d.links, indent: c)
        element("sym", d.symbol, indent: c)
        element("type", d.type, indent: c)
        if let fix = d.fix, ["none", "2d", "3d", "dgps", "pps"].contains(fix) { element("fix", fix, indent: c) }
        if let sat = d.satellites, sat >= 0 { element("sat", String(sat), indent: c) }
        number("hdop", d.horizontalDilution, indent: c)
        number("vdop", d.verticalDilution, indent: c)
        number("pdop", d.positionDilution, indent: c)
        number("ageofdgpsdata", d.ageOfDGPSData, indent: c)
        if let id = d.dgpsID, (0...1023).contains(id) { element("dgpsid", String(id), indent: c) }
        var extensions = d.extensions
        if !synthetic.isEmpty {
            extensions.append(
                GPXExtensionElement(
                    namespace: GPXDocument.trackPointExtensionV2, name: "TrackPointExtension",
                    children: synthetic.map {
                        GPXExtensionElement(
                            namespace: GPXDocument.trackPointExtensionV2, name: $0.0, text: DecimalText.plain($0.1))
                    }))
        }
        writeExtensions(extensions, indent: c)
        out += i + "</\(tag)>\n"
    }

    private mutating func writeExtensions(_ elements: [GPXExtensionElement], indent: String) {
        guard !elements.isEmpty else { return }
        out += indent + "<extensions>\n"
        for e in elements { writeExtension(e, indent: indent + "  ") }
        out += indent + "</extensions>\n"
    }

    private mutating func writeExtension(_ e: GPXExtensionElement, indent: String) {
        let prefix = prefixes[e.namespace ?? GPXDocument.unqualifiedExtensionNamespace] ?? "rku"
        let name = prefix + ":" + e.name
        out += indent + "<" + name
        for a in e.attributes { out += " \(a.name)=\"\(XMLCharacters.escape(a.value, attribute: true))\"" }
        if e.children.isEmpty {
            out += e.text.isEmpty ? "/>\n" : ">" + XMLCharacters.escape(e.text) + "</\(name)>\n"
            return
        }
        out += ">"
        if !e.text.isEmpty { out += XMLCharacters.escape(e.text) }
        out += "\n"
        for child in e.children { writeExtension(child, indent: indent + "  ") }
        out += indent + "</\(name)>\n"
    }
}
