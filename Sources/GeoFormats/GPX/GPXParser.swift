import GeoCore
import RaceKitCore

/// The state machine behind ``GPXReader`` (a struct for compile-time exclusivity checks).
struct GPXParser: ~Copyable {
    private enum Context: UInt8 {
        case document, gpx, metadata, author, link, point, route, track, segment, extensions, extensionElement, field,
            skip
    }

    private enum Field: UInt8 {
        case ele, time, magvar, geoidheight, name, cmt, desc, src, sym, type, fix, sat, hdop, vdop, pdop
        case ageofdgpsdata, dgpsid, speed, course, number, keywords, linkText, linkType, authorName, url, urlname
    }

    private enum PointKind { case waypoint, routePoint, trackPoint }

    private var scanner: XMLScanner
    private let options: GPXReader.Options
    private var contexts: [Context] = [.document]
    private var pending: [GPXEvent] = []
    private var pendingHead = 0
    private var finished = false

    private var field: Field = .name
    private var text: [UInt8] = []
    private var textLine = 0, textColumn = 0

    private var point = GPXPoint(latitude: 0, longitude: 0)
    private var pointDetails = GPXPointDetails()
    private var pointHasDetails = false
    private var pointKind = PointKind.trackPoint
    /// A point is complete and is the next event (after any pending warnings).
    private var readyPoint: PointKind?
    private var pointLine = 0, pointColumn = 0

    private var path = GPXPathInfo()
    private var metadata = GPXMetadata()
    private var metadata10 = false
    private var link = GPXLink(href: "")
    private var segmentExtensions: [GPXExtensionElement] = []
    private var segmentPoints = 0
    private var segmentLine = 0, segmentColumn = 0
    private var documentExtensions: [GPXExtensionElement] = []
    private var extensionOwner: Context = .point
    private var extensionStack: [GPXExtensionElement] = []
    /// The bytes of one text token inside an extension element, reused from token to token.
    private var extensionText: [UInt8] = []
    private var namespaces: [(prefix: String, uri: String, depth: Int)] = []

    init(source: ByteSource, file: String, options: GPXReader.Options, chunkSize: Int) throws(InputError) {
        self.options = options
        let utf8 = try EncodingDetection.utf8Source(source, file: file)
        scanner = XMLScanner(source: utf8, file: file, limits: options.limits, chunkSize: chunkSize)
        text.reserveCapacity(64)
    }

    mutating func next() throws(InputError) -> GPXEvent? {
        while true {
            if pendingHead < pending.count {
                let event = pending[pendingHead]
                pendingHead += 1
                if pendingHead == pending.count { pending.removeAll(keepingCapacity: true); pendingHead = 0 }
                return event
            }
            if let kind = readyPoint {
                readyPoint = nil
                switch kind {
                case .trackPoint: return .trackPoint(point)
                case .routePoint: return .routePoint(point)
                case .waypoint: return .waypoint(point)
                }
            }
            if finished { return nil }
            switch try scanner.next() {
            case .startTag: try startTag()
            case .endTag: try endTag()
            case .text: try textToken()
            case .end: finished = true
            }
        }
    }

    // MARK: - Tokens

    private mutating func warn(_ line: Int, _ column: Int, _ message: String) {
        pending.append(.warning(GPXWarning(scanner.location(line: line, column: column), message)))
    }

    /// Enters the element that starts here: what it means depends on its parent's context.
    private mutating func startTag() throws(InputError) {
        let depth = contexts.count
        if scanner.attributeCount > 0 { try bindNamespaces(depth: depth) }
        let context: Context
        switch contexts[depth - 1] {
        case .segment: context = try segmentChild()
        case .point: context = try pointChild()
        case .extensions, .extensionElement:
            try beginExtensionElement()
            context = .extensionElement
        case .track: context = trackChild()
        case .route: context = try routeChild()
        case .gpx: context = try gpxChild()
        case .metadata: context = try metadataChild()
        case .author: context = try authorChild()
        case .link: context = linkChild()
        case .document: context = try rootElement()
        case .field, .skip: context = .skip
        }
        contexts.append(context)
    }

    /// `<gpx>` with its version and creator; any other root element is an error.
    private mutating func rootElement() throws(InputError) -> Context {
        guard scanner.localNameIs("gpx") else {
            let name = scanner.localName
            let hint = name.lowercased() == "html" ? ": this is a web page saved as a file, not GPX" : ""
            throw InputError(scanner.tokenLocation, "the root element is <\(scanner.qualifiedName)>, not <gpx>\(hint)")
        }
        var version: String?, creator: String?
        for k in 0..<scanner.attributeCount {
            if scanner.attributeLocalNameIs(k, "version") {
                version = try scanner.attributeValue(k)
            } else if scanner.attributeLocalNameIs(k, "creator") {
                creator = try scanner.attributeValue(k)
            }
        }
        pending.append(.header(version: version, creator: creator))
        return .gpx
    }

    /// A child of `<gpx>`: tracks, waypoints, routes, metadata (GPX 1.0 has its fields inline).
    private mutating func gpxChild() throws(InputError) -> Context {
        if scanner.localNameIs("trk") { path = GPXPathInfo(); pending.append(.trackStart); return .track }
        if scanner.localNameIs("wpt") { try beginPoint(.waypoint); return .point }
        if scanner.localNameIs("rte") { path = GPXPathInfo(); pending.append(.routeStart); return .route }
        if scanner.localNameIs("metadata") { return .metadata }
        if scanner.localNameIs("extensions") { extensionOwner = .gpx; return .extensions }
        if let f = metadataField() { metadata10 = true; return beginField(f) }
        if scanner.localNameIs("bounds") { metadata10 = true; try readBounds(); return .skip }
        return unknownChild()
    }

    /// A child of `<metadata>`.
    private mutating func metadataChild() throws(InputError) -> Context {
        if let f = metadataField() { return beginField(f) }
        if scanner.localNameIs("author") { return .author }
        if scanner.localNameIs("link") { try beginLink(); return .link }
        if scanner.localNameIs("bounds") { try readBounds(); return .skip }
        if scanner.localNameIs("extensions") { extensionOwner = .metadata; return .extensions }
        return .skip
    }

    /// A child of `<author>`.
    private mutating func authorChild() throws(InputError) -> Context {
        if scanner.localNameIs("name") { return beginField(.authorName) }
        if scanner.localNameIs("link") { try beginLink(); return .link }
        return .skip
    }

    /// A child of `<link>`.
    private mutating func linkChild() -> Context {
        if scanner.localNameIs("text") { return beginField(.linkText) }
        if scanner.localNameIs("type") { return beginField(.linkType) }
        return .skip
    }

    /// A child of `<trk>`: a segment opens; a point outside one is skipped with a warning.
    private mutating func trackChild() -> Context {
        if scanner.localNameIs("trkseg") {
            segmentPoints = 0
            segmentExtensions = []
            segmentLine = scanner.tokenLine
            segmentColumn = scanner.tokenColumn
            pending.append(.segmentStart)
            return .segment
        }
        if scanner.localNameIs("trkpt") {
            warn(scanner.tokenLine, scanner.tokenColumn, "a track point outside a <trkseg> is not used")
            return .skip
        }
        return pathChild(owner: .track)
    }

    /// A child of `<rte>`.
    private mutating func routeChild() throws(InputError) -> Context {
        if scanner.localNameIs("rtept") { try beginPoint(.routePoint); return .point }
        return pathChild(owner: .route)
    }

    /// A child of `<trkseg>`: the hot path, one per track point.
    @inline(__always)
    private mutating func segmentChild() throws(InputError) -> Context {
        if scanner.localNameIs("trkpt") { try beginPoint(.trackPoint); return .point }
        if scanner.localNameIs("extensions") { extensionOwner = .segment; return .extensions }
        return unknownChild()
    }

    /// A child of a point: elevation and time first, as they are the common ones.
    @inline(__always)
    private mutating func pointChild() throws(InputError) -> Context {
        if scanner.localNameIs("ele") { return beginField(.ele) }
        if scanner.localNameIs("time") { return beginField(.time) }
        if scanner.localNameIs("extensions") { extensionOwner = .point; return .extensions }
        if let f = pointField() { return beginField(f) }
        if scanner.localNameIs("link") { try beginLink(); return .link }
        return unknownChild()
    }

    private mutating func unknownChild() -> Context {
        // GPX 1.0 allows foreign elements inline; keep them as extensions of their owner.
        if scanner.localStart > scanner.nameStart, let owner = contexts.last,
            owner == .point || owner == .track || owner == .route || owner == .gpx || owner == .segment
        {
            extensionOwner = owner
            try? beginExtensionElement()
            return .extensionElement
        }
        return .skip
    }

    private mutating func pathChild(owner: Context) -> Context {
        if scanner.localNameIs("name") { return beginField(.name) }
        if scanner.localNameIs("desc") { return beginField(.desc) }
        if scanner.localNameIs("cmt") { return beginField(.cmt) }
        if scanner.localNameIs("src") { return beginField(.src) }
        if scanner.localNameIs("number") { return beginField(.number) }
        if scanner.localNameIs("type") { return beginField(.type) }
        if scanner.localNameIs("url") { return beginField(.url) }
        if scanner.localNameIs("urlname") { return beginField(.urlname) }
        if scanner.localNameIs("link") { try? beginLink(); return .link }
        if scanner.localNameIs("extensions") { extensionOwner = owner; return .extensions }
        return unknownChild()
    }

    private mutating func pointField() -> Field? {
        if scanner.localNameIs("name") { return .name }
        if scanner.localNameIs("desc") { return .desc }
        if scanner.localNameIs("cmt") { return .cmt }
        if scanner.localNameIs("sym") { return .sym }
        if scanner.localNameIs("type") { return .type }
        if scanner.localNameIs("src") { return .src }
        if scanner.localNameIs("speed") { return .speed }
        if scanner.localNameIs("course") { return .course }
        if scanner.localNameIs("hdop") { return .hdop }
        if scanner.localNameIs("vdop") { return .vdop }
        if scanner.localNameIs("pdop") { return .pdop }
        if scanner.localNameIs("sat") { return .sat }
        if scanner.localNameIs("fix") { return .fix }
        if scanner.localNameIs("magvar") { return .magvar }
        if scanner.localNameIs("geoidheight") { return .geoidheight }
        if scanner.localNameIs("ageofdgpsdata") { return .ageofdgpsdata }
        if scanner.localNameIs("dgpsid") { return .dgpsid }
        if scanner.localNameIs("url") { return .url }
        if scanner.localNameIs("urlname") { return .urlname }
        return nil
    }

    private mutating func metadataField() -> Field? {
        if scanner.localNameIs("name") { return .name }
        if scanner.localNameIs("desc") { return .desc }
        if scanner.localNameIs("time") { return .time }
        if scanner.localNameIs("keywords") { return .keywords }
        if scanner.localNameIs("url") { return .url }
        if scanner.localNameIs("urlname") { return .urlname }
        if contexts.last == .gpx && scanner.localNameIs("author") { return .authorName }  // GPX 1.0: a string
        return nil
    }

    private mutating func beginField(_ f: Field) -> Context {
        field = f
        text.removeAll(keepingCapacity: true)
        textLine = scanner.tokenLine
        textColumn = scanner.tokenColumn
        return .field
    }

    private mutating func beginPoint(_ kind: PointKind) throws(InputError) {
        pointKind = kind
        pointLine = scanner.tokenLine
        pointColumn = scanner.tokenColumn
        var lat = Double.nan, lon = Double.nan
        var latIndex = -1, lonIndex = -1
        for k in 0..<scanner.attributeCount {
            if scanner.attributeLocalNameIs(k, "lat") {
                latIndex = k; lat = try number(k, "lat")
            } else if scanner.attributeLocalNameIs(k, "lon") {
                lonIndex = k; lon = try number(k, "lon")
            }
        }
        guard latIndex >= 0 else {
            throw InputError(scanner.tokenLocation, "<\(scanner.qualifiedName)> has no lat attribute")
        }
        guard lonIndex >= 0 else {
            throw InputError(scanner.tokenLocation, "<\(scanner.qualifiedName)> has no lon attribute")
        }
        do throws(CoordinateError) {
            try Coordinate.validate(latitude: lat, longitude: lon, source: "")
        } catch {
            throw InputError(
                scanner.attributeLocation(error.component == .latitude ? latIndex : lonIndex), error.description)
        }
        point = GPXPoint(latitude: lat, longitude: lon)
        if pointHasDetails { pointDetails = GPXPointDetails(); pointHasDetails = false }
    }

    private mutating func number(_ k: Int, _ name: String) throws(InputError) -> Double {
        let a = scanner.attributes[k]
        var start = a.valueStart, end = a.valueEnd
        if a.hasReference {
            let value = try scanner.attributeValue(k)
            guard let v = Self.parseNumber(Array(value.utf8)) else {
                throw InputError(scanner.attributeLocation(k), "\(name) '\(value.prefix(40))' is not a number")
            }
            return v
        }
        while start < end && XMLCharacters.isSpace(scanner.buffer[start]) { start += 1 }
        while end > start && XMLCharacters.isSpace(scanner.buffer[end - 1]) { end -= 1 }
        guard let v = DecimalParser.parse(scanner.bytes(start, end)) else {
            let value = scanner.string(a.valueStart, a.valueEnd)
            throw InputError(
                scanner.attributeLocation(k),
                value.isEmpty ? "\(name) is empty" : "\(name) '\(value.prefix(40))' is not a number")
        }
        return v
    }

    private static func parseNumber(_ bytes: [UInt8]) -> Double? {
        var start = 0, end = bytes.count
        while start < end && XMLCharacters.isSpace(bytes[start]) { start += 1 }
        while end > start && XMLCharacters.isSpace(bytes[end - 1]) { end -= 1 }
        return bytes.withUnsafeBufferPointer { DecimalParser.parse(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    private mutating func beginLink() throws(InputError) {
        var href = ""
        for k in 0..<scanner.attributeCount where scanner.attributeLocalNameIs(k, "href") {
            href = try scanner.attributeValue(k)
        }
        link = GPXLink(href: href)
    }

    private mutating func readBounds() throws(InputError) {
        var values = [Double](repeating: .nan, count: 4)
        for k in 0..<scanner.attributeCount {
            for (i, name) in ["minlat", "minlon", "maxlat", "maxlon"].enumerated()
            where scanner.string(scanner.attributes[k].localStart, scanner.attributes[k].nameEnd) == name {
                values[i] = (try? number(k, name)) ?? .nan
            }
        }
        if values.allSatisfy({ $0.isFinite }) {
            metadata.bounds = GPXBounds(
                minLatitude: values[0], minLongitude: values[1], maxLatitude: values[2], maxLongitude: values[3])
        } else {
            warn(
                scanner.tokenLine, scanner.tokenColumn,
                "<bounds> without four numeric minlat, minlon, maxlat, maxlon attributes is not used")
        }
    }

    /// Binds the `xmlns` attributes of the current start tag; a malformed reference in one is an error.
    private mutating func bindNamespaces(depth: Int) throws(InputError) {
        for k in 0..<scanner.attributeCount {
            let a = scanner.attributes[k]
            guard a.nameEnd - a.nameStart >= 5, scanner.buffer[a.nameStart] == ASCII.lowercaseX,
                scanner.string(a.nameStart, a.nameStart + 5) == "xmlns"
            else { continue }
            let prefix = a.nameEnd - a.nameStart == 5 ? "" : scanner.string(a.nameStart + 6, a.nameEnd)
            let uri = try scanner.attributeValue(k)
            namespaces.append((prefix, uri, depth))
        }
    }

    private mutating func namespaceURI(prefix: String) -> String? {
        for binding in namespaces.reversed() where binding.prefix == prefix {
            return binding.uri.isEmpty ? nil : binding.uri
        }
        return nil
    }

    private mutating func beginExtensionElement() throws(InputError) {
        guard options.keepExtensions else { return try beginSensorCandidate() }
        let prefix = scanner.prefix
        var attributes: [GPXExtensionElement.Attribute] = []
        for k in 0..<scanner.attributeCount {
            let name = scanner.string(scanner.attributes[k].nameStart, scanner.attributes[k].nameEnd)
            if name == "xmlns" || name.hasPrefix("xmlns:") { continue }
            attributes.append(.init(name: name, value: try scanner.attributeValue(k)))
        }
        var uri = namespaceURI(prefix: prefix ?? "")
        var hint = prefix
        // GPX's own namespaces (a default xmlns inherited by unprefixed extension elements) and
        // the writer's URN for unqualified elements both mean "no namespace of its own".
        if uri == GPXDocument.unqualifiedExtensionNamespace || uri == GPXDocument.gpx11Namespace
            || uri == "http://www.topografix.com/GPX/1/0"
        {
            uri = nil; hint = nil
        }
        extensionStack.append(
            GPXExtensionElement(namespace: uri, prefix: hint, name: scanner.localName, attributes: attributes))
    }

    /// An extension element when extensions are not kept: only a sensor value is read from it
    /// (``applySensor(_:)``, by local name), so it keeps its local name when that is short enough
    /// to be a sensor's (a String of up to 15 bytes needs no allocation; the longest sensor name
    /// has 11) and nothing else. Its attributes are still checked.
    private mutating func beginSensorCandidate() throws(InputError) {
        for k in 0..<scanner.attributeCount where scanner.attributes[k].hasReference {
            _ = try scanner.attributeValue(k)
        }
        let name = scanner.nameEnd - scanner.localStart <= 15 ? scanner.localName : ""
        extensionStack.append(GPXExtensionElement(namespace: nil, prefix: nil, name: name, attributes: []))
    }

    private mutating func textToken() throws(InputError) {
        switch contexts[contexts.count - 1] {
        case .field:
            try scanner.appendText(to: &text)
        case .extensionElement:
            extensionText.removeAll(keepingCapacity: true)
            try scanner.appendText(to: &extensionText)
            let top = extensionStack.count - 1
            // Space before any text is trimmed at the end anyway: the indentation between child
            // elements is most of an extension's text tokens.
            if extensionStack[top].text.isEmpty && extensionText.allSatisfy(XMLCharacters.isSpace) { return }
            extensionStack[top].text += String(decoding: extensionText, as: UTF8.self)
        default:
            break
        }
    }

    private mutating func endTag() throws(InputError) {
        let context = contexts.removeLast()
        let depth = contexts.count
        while let last = namespaces.last, last.depth > depth { namespaces.removeLast() }
        switch context {
        case .field:
            endField()
        case .point:
            endPoint()
        case .segment:
            if segmentPoints == 0 { warn(segmentLine, segmentColumn, "empty track segment") }
            pending.append(.segmentEnd(extensions: segmentExtensions))
        case .track:
            pending.append(.trackEnd(path))
        case .route:
            pending.append(.routeEnd(path))
        case .metadata:
            pending.append(.metadata(metadata))
            metadata = GPXMetadata()
        case .link:
            let owner = contexts[depth - 1]
            switch owner {
            case .point: pointDetails.links.append(link); pointHasDetails = true
            case .metadata, .author: metadata.links.append(link)
            case .track, .route: path.links.append(link)
            default: break
            }
        case .extensionElement:
            var element = extensionStack.removeLast()
            let trimmed = element.text.trimmingSpace
            if trimmed.count != element.text.count { element.text = trimmed }
            if extensionOwner == .point { applySensor(element) }
            if !extensionStack.isEmpty {
                extensionStack[extensionStack.count - 1].children.append(element)
            } else if options.keepExtensions {
                switch extensionOwner {
                case .point: pointDetails.extensions.append(element); pointHasDetails = true
                case .segment: segmentExtensions.append(element)
                case .track, .route: path.extensions.append(element)
                case .metadata: metadata.extensions.append(element)
                case .gpx: documentExtensions.append(element)
                default: break
                }
            }
        case .gpx:
            if metadata10 { pending.append(.metadata(metadata)) }
            if !documentExtensions.isEmpty { pending.append(.documentExtensions(documentExtensions)) }
        default:
            break
        }
    }

    /// Heart rate, cadence, temperature, speed and course from the common extensions (Garmin
    /// TrackPointExtension v1/v2 and look-alikes), by local name; the first value found wins.
    private mutating func applySensor(_ element: GPXExtensionElement) {
        guard element.children.isEmpty, !element.text.isEmpty else { return }
        let value = { DecimalParser.parse(element.text) }  // the text is trimmed already
        switch element.name {
        case "hr", "heartrate": if point.heartRate == nil { point.heartRate = value() }
        case "cad", "cadence": if point.cadence == nil { point.cadence = value() }
        case "atemp", "temp", "temperature": if point.temperature == nil { point.temperature = value() }
        case "speed": if point.speed == nil { point.speed = value() }
        case "course": if point.course == nil { point.course = value() }
        default: break
        }
    }

    private mutating func endPoint() {
        if pointHasDetails { point.details = pointDetails }
        switch pointKind {
        case .trackPoint:
            segmentPoints += 1
            if point.time == nil { warn(pointLine, pointColumn, "track point without a time") }
            readyPoint = .trackPoint
        case .routePoint:
            readyPoint = .routePoint
        case .waypoint:
            readyPoint = .waypoint
        }
    }

    private var textString: String { String(decoding: text, as: UTF8.self).trimmingSpace }

    private mutating func numberField(_ what: String) -> Double? {
        if let v = Self.parseNumber(text) { return v }
        let t = textString
        if !t.isEmpty { warn(textLine, textColumn, "\(what) '\(t.prefix(40))' is not a number; not used") }
        return nil
    }

    /// Stores the text of the field that ends here in what owns it.
    private mutating func endField() {
        switch contexts[contexts.count - 1] {
        case .point: endPointField()
        case .track, .route: endPathField()
        case .metadata, .gpx, .author: endMetadataField()
        case .link:
            if field == .linkText { link.text = textString } else if field == .linkType { link.type = textString }
        default:
            break
        }
    }

    /// A field of a waypoint, route point or track point: elevation, time, speed and course on
    /// the point itself, the rest in its details.
    @inline(__always)
    private mutating func endPointField() {
        switch field {
        case .ele: point.elevation = numberField("elevation")
        case .time:
            let parsed = text.withUnsafeBufferPointer { Timestamp.parse($0) }
            if let parsed {
                point.time = parsed
            } else {
                let t = textString
                warn(
                    textLine, textColumn,
                    t.isEmpty
                        ? "empty <time>; the point has no time"
                        : "time '\(t.prefix(40))' is not an RFC 3339 date-time; the point has no time")
            }
        case .speed: point.speed = numberField("speed")
        case .course: point.course = numberField("course")
        default:
            pointHasDetails = true
            endPointDetailField()
        }
    }

    /// A field of a point that goes into its ``GPXPointDetails``.
    private mutating func endPointDetailField() {
        switch field {
        case .name: pointDetails.name = textString
        case .desc: pointDetails.description = textString
        case .cmt: pointDetails.comment = textString
        case .sym: pointDetails.symbol = textString
        case .type: pointDetails.type = textString
        case .src: pointDetails.source = textString
        case .fix: pointDetails.fix = textString
        case .hdop: pointDetails.horizontalDilution = numberField("hdop")
        case .vdop: pointDetails.verticalDilution = numberField("vdop")
        case .pdop: pointDetails.positionDilution = numberField("pdop")
        case .sat: pointDetails.satellites = numberField("sat").flatMap { Int(exactly: $0) }
        case .magvar: pointDetails.magneticVariation = numberField("magvar")
        case .geoidheight: pointDetails.geoidHeight = numberField("geoidheight")
        case .ageofdgpsdata: pointDetails.ageOfDGPSData = numberField("ageofdgpsdata")
        case .dgpsid: pointDetails.dgpsID = numberField("dgpsid").flatMap { Int(exactly: $0) }
        case .url: pointDetails.links.append(GPXLink(href: textString))
        case .urlname:
            if pointDetails.links.isEmpty { pointDetails.links.append(GPXLink(href: "")) }
            pointDetails.links[pointDetails.links.count - 1].text = textString
        default: break
        }
    }

    /// A field of a track or route.
    private mutating func endPathField() {
        switch field {
        case .name: path.name = textString
        case .desc: path.description = textString
        case .cmt: path.comment = textString
        case .src: path.source = textString
        case .type: path.type = textString
        case .number: path.number = numberField("number").flatMap { Int(exactly: $0) }
        case .url: path.links.append(GPXLink(href: textString))
        case .urlname:
            if path.links.isEmpty { path.links.append(GPXLink(href: "")) }
            path.links[path.links.count - 1].text = textString
        default: break
        }
    }

    /// A field of the document's metadata (in `<metadata>`, or inline in a GPX 1.0 `<gpx>`).
    private mutating func endMetadataField() {
        switch field {
        case .name: metadata.name = textString
        case .desc: metadata.description = textString
        case .keywords: metadata.keywords = textString
        case .authorName: metadata.authorName = textString
        case .time:
            let parsed = text.withUnsafeBufferPointer { Timestamp.parse($0) }
            if parsed == nil {
                warn(textLine, textColumn, "time '\(textString.prefix(40))' is not an RFC 3339 date-time; not used")
            }
            metadata.time = parsed
        case .url: metadata.links.append(GPXLink(href: textString))
        case .urlname:
            if metadata.links.isEmpty { metadata.links.append(GPXLink(href: "")) }
            metadata.links[metadata.links.count - 1].text = textString
        default: break
        }
    }
}
