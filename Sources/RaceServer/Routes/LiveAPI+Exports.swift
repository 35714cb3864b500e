import GeoFormats
import Hummingbird
import RaceKitCore
import RaceLive
import RaceSimulation

extension LiveAPI {
    /// A race's results as `racekit simulate` writes them for its log so far.
    enum ResultsFormat: String, CaseIterable, Sendable {
        /// `--format json`.
        case json
        /// `--format iof`: an IOF XML 3.0 ResultList.
        case iof
        /// `--format csv`: the splits.
        case csv

        var contentType: String {
            switch self {
            case .json: return "application/json; charset=utf-8"
            case .iof: return "application/xml; charset=utf-8"
            case .csv: return "text/csv; charset=utf-8"
            }
        }

        var fileExtension: String {
            switch self {
            case .json: return "json"
            case .iof: return "xml"
            case .csv: return "csv"
            }
        }
    }

    /// The results (readers; public races' too): the report of the log so far, by the same writers
    /// as `racekit simulate --format json|iof|csv`.
    func results(_ request: Request, _ raceID: String, format: ResultsFormat) async throws -> Response {
        let runner = try await existingRunner(raceID)
        try await requireReader(request, raceID)
        let race = await runner.race
        guard let report = await runner.state().report(startEpoch: race.clockOrigin) else {
            throw APIError.conflict("the race cannot be replayed, so it has no results")
        }
        let text: String
        switch format {
        case .json: text = report.json.serialized() + "\n"
        case .iof: text = report.iofResultList
        case .csv: text = report.splitsCSV
        }
        return Self.download(
            text, contentType: format.contentType, fileName: "\(raceID)-results.\(format.fileExtension)")
    }

    /// Every participant's fixes as one GPX file, a track each in joining order (readers with a
    /// token: positions are never public), as far as the race's `livePositions` lets this
    /// reader see them (``PositionAccess``).
    func tracks(_ request: Request, _ raceID: String) async throws -> Response {
        let runner = try await existingRunner(raceID)
        let race = await runner.race
        let access = try await positionAccess(request, raceID, race: race.race)
        let export = LogExport(race, showing: access.visible)
        let document = GPXDocument(creator: "RaceKit live", tracks: export.tracks.flatMap { $0.document.tracks })
        return Self.download(
            document.gpxText(creator: "RaceKit live"), contentType: "application/gpx+xml; charset=utf-8",
            fileName: "\(raceID)-tracks.gpx")
    }

    static func download(_ text: String, contentType: String, fileName: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        headers[.contentDisposition] = "attachment; filename=\"\(fileName)\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
