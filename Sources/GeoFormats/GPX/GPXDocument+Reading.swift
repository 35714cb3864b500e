import RaceKitCore

extension GPXDocument {
    /// Reads a whole GPX 1.0 or 1.1 file into memory (see ``GPXReader`` for what is tolerated).
    /// - Throws: `InputError` at `file:line:column` for a file that is not readable GPX.
    public static func read(path: String, options: GPXReader.Options = .init()) throws(InputError) -> GPXDocument {
        try assemble(GPXReader(path: path, options: options))
    }

    /// Parses GPX from bytes; `file` names them in messages.
    public static func parse(_ bytes: [UInt8], file: String, options: GPXReader.Options = .init()) throws(InputError)
        -> GPXDocument
    {
        try assemble(GPXReader(bytes: bytes, file: file, options: options))
    }

    static func assemble(_ reader: GPXReader) throws(InputError) -> GPXDocument {
        var document = GPXDocument(version: nil)
        var route = GPXRoute()
        var track = GPXTrack()
        var segment = GPXTrackSegment()
        while let event = try reader.next() {
            switch event {
            case .header(let version, let creator):
                document.version = version
                document.creator = creator
            case .metadata(let metadata): document.metadata = metadata
            case .waypoint(let point): document.waypoints.append(point)
            case .routeStart: route = GPXRoute()
            case .routePoint(let point): route.points.append(point)
            case .routeEnd(let info):
                route.info = info
                document.routes.append(route)
            case .trackStart: track = GPXTrack()
            case .segmentStart: segment = GPXTrackSegment()
            case .trackPoint(let point): segment.points.append(point)
            case .segmentEnd(let extensions):
                segment.extensions = extensions
                track.segments.append(segment)
            case .trackEnd(let info):
                track.info = info
                document.tracks.append(track)
            case .documentExtensions(let extensions): document.extensions = extensions
            case .warning(let warning):
                document.warningCount += 1
                if document.warnings.count < maxStoredWarnings { document.warnings.append(warning) }
            }
        }
        return document
    }
}
