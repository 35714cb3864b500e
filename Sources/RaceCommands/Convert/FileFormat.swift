import ArgumentParser
import GeoFormats
import RaceKitCore

/// The file formats `inspect` and `convert` know, named by extension or by `--from/--to/--format`.
enum FileFormat: String, ExpressibleByArgument, CaseIterable {
    case gpx, geojson, csv

    /// The format a path's extension names: `.gpx`, `.geojson`/`.json`, `.csv`.
    init(path: String) throws(InputError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : ""
        switch ext {
        case "gpx": self = .gpx
        case "geojson", "json": self = .geojson
        case "csv": self = .csv
        default:
            throw InputError(
                SourceLocation(file: path),
                "cannot tell the format from the extension '.\(ext)'; use .gpx, .geojson or .csv, or say it with --from/--to (--format for inspect)"
            )
        }
    }
}
