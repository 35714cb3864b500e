import GeoCore
import GeoFormats
import GeoProjection
import RaceKitCore
import RaceModel

/// `build --crs`: a stop list whose positions are projected coordinates — eastings and northings
/// of a national grid or UTM zone, as survey data come — in columns `x`,`y` or
/// `easting`,`northing`, converted to the WGS 84 `lat`,`lon` columns the stop-list reader reads.
///
/// The degrees are written as the shortest text that reads back as the same `Double`
/// (RaceKitCore's `DecimalText.plain`), so the race holds exactly what PROJ computed. A stop list's `lat`,`lon`
/// are always WGS 84: `--crs` with them is an error, as are projected columns without `--crs`.
enum ProjectedStopList {
    /// The column pairs that may hold a projected position, easting first.
    static let columnPairs: [(easting: String, northing: String)] = [("x", "y"), ("easting", "northing")]

    /// `document` with its projected columns converted to `lat` and `lon` in place (the columns
    /// keep their positions, so every other field keeps its line and column), or `document`
    /// itself when it has none and no CRS is given.
    /// - Parameters:
    ///   - crs: the CRS of the projected columns (`--crs`), if given.
    /// - Throws: `InputError` at the header for projected columns without a CRS, a CRS with
    ///   `lat`/`lon` columns or with no projected ones, an unknown column; at a row's field for a
    ///   missing or bad number or a position PROJ cannot convert or that lies outside the CRS's
    ///   area of use.
    static func geographic(_ document: CSVDocument, crs: ProjectedCRS?) throws(InputError) -> CSVDocument {
        guard let (eastingColumn, northingColumn) = try columns(of: document, crs: crs), let crs else {
            return document
        }
        var rows: [(line: Int, fields: [String])] = []
        rows.reserveCapacity(document.rows.count)
        for row in document.rows {
            var fields = row.fields
            let coordinate = try convert(row, of: document, columns: (eastingColumn, northingColumn), crs: crs)
            fields[eastingColumn] = DecimalText.plain(coordinate.longitude)
            fields[northingColumn] = DecimalText.plain(coordinate.latitude)
            rows.append((row.line, fields))
        }
        var names = document.header
        names[eastingColumn] = "lon"
        names[northingColumn] = "lat"
        return CSVDocument(header: names, rows: rows, file: document.file)
    }

    /// The projected columns, easting first, after checking that the header and `crs` agree:
    /// `nil` when there are none and no CRS is given.
    private static func columns(of document: CSVDocument, crs: ProjectedCRS?) throws(InputError) -> (Int, Int)? {
        let header = SourceLocation(file: document.file, line: 1)
        func column(_ index: Int) -> SourceLocation { SourceLocation(file: document.file, line: 1, column: index + 1) }
        let geographicColumn = document.column("lat") ?? document.column("lon")
        guard let (eastingColumn, northingColumn) = try projectedColumns(of: document) else {
            guard let crs else { return nil }
            if let geographicColumn {
                throw InputError(
                    column(geographicColumn),
                    "lat and lon are WGS 84 degrees, but --crs \(crs.code) is for "
                        + "projected x,y (or easting,northing) columns: drop --crs, or give the positions as x,y")
            }
            throw InputError(
                header, "the header has no x,y (or easting,northing) columns for the positions in --crs \(crs.code)")
        }
        let easting = document.header[eastingColumn], northing = document.header[northingColumn]
        if let geographicColumn {
            throw InputError(
                column(geographicColumn), "the header has both lat,lon and \(easting),\(northing): give one pair")
        }
        guard crs != nil else {
            throw InputError(
                column(eastingColumn),
                "\(easting) and \(northing) are projected coordinates: name their CRS "
                    + "with --crs, such as --crs EPSG:2056 for the Swiss LV95 grid")
        }
        // The stop-list reader's own header checks would name lat,lon: these name the user's columns.
        let known = ["name", easting, northing] + StopListCSV.optional
        let expected = known.joined(separator: ",")
        if document.column("name") == nil {
            throw InputError(header, "the header has no \"name\" column; expected \(expected)")
        }
        if let unknown = document.header.firstIndex(where: { !known.contains($0) }) {
            throw InputError(column(unknown), "unknown column \"\(document.header[unknown])\"; expected \(expected)")
        }
        return (eastingColumn, northingColumn)
    }

    /// The WGS 84 coordinate of a row's projected position.
    /// - Throws: `InputError` for a row of the wrong length, at the field of an empty or bad
    ///   number, and at the easting for a position `crs` refuses.
    private static func convert(
        _ row: CSVDocument.Row, of document: CSVDocument, columns: (easting: Int, northing: Int),
        crs: ProjectedCRS
    ) throws(InputError) -> Coordinate {
        guard row.fields.count == document.header.count else {
            throw InputError(
                SourceLocation(file: document.file, line: row.line),
                "expected \(document.header.count) fields, found \(row.fields.count)")
        }
        func location(_ index: Int) -> SourceLocation {
            SourceLocation(file: document.file, line: row.line, column: index + 1)
        }
        func number(_ index: Int) throws(InputError) -> Double {
            let name = document.header[index], text = row.fields[index]
            guard !text.isEmpty else { throw InputError(location(index), "\(name) is empty") }
            guard let value = DecimalParser.parse(text) else {
                throw InputError(location(index), "\(name) '\(text)' is not a number")
            }
            return value
        }
        let easting = try number(columns.easting), northing = try number(columns.northing)
        do throws(ProjectedCRSError) {
            return try crs.coordinate(easting: easting, northing: northing)
        } catch {
            throw InputError(location(columns.easting), error.description)
        }
    }

    /// The columns of the one projected pair in the header, easting first; `nil` when there is none.
    /// - Throws: `InputError` for half a pair (`x` without `y`) or two pairs.
    private static func projectedColumns(of document: CSVDocument) throws(InputError) -> (Int, Int)? {
        var found: (Int, Int)?
        for (easting, northing) in columnPairs {
            let e = document.column(easting), n = document.column(northing)
            switch (e, n) {
            case (let e?, let n?):
                if found != nil {
                    throw InputError(
                        SourceLocation(file: document.file, line: 1, column: e + 1),
                        "the header has both x,y and easting,northing: give one pair")
                }
                found = (e, n)
            case (nil, nil):
                continue
            default:
                let (present, missing) = e != nil ? (easting, northing) : (northing, easting)
                throw InputError(
                    SourceLocation(file: document.file, line: 1, column: (e ?? n ?? 0) + 1),
                    "the header has \(present) but no \(missing) column")
            }
        }
        return found
    }
}
