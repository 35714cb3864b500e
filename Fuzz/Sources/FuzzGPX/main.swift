import FuzzSupport

@testable import GeoFormats

/// Every event of `bytes` read in 7-byte chunks (so the scanner refills its buffer in the middle
/// of every kind of token), and the error that ended the reading, if one did.
func events(_ bytes: [UInt8], keepExtensions: Bool) -> (events: [GPXEvent], error: String?) {
    var events: [GPXEvent] = []
    do {
        let reader = try GPXReader(
            source: MemoryByteSource(bytes), file: "fuzz.gpx", options: .init(keepExtensions: keepExtensions),
            chunkSize: 7)
        while let event = try reader.next() { events.append(event) }
        return (events, nil)
    } catch {
        return (events, error.description)
    }
}

// One GPX document per input, read whole and streamed, with and without the extension trees.
// Bad input must throw, never trap; both ways of reading must give the same events and errors.
FuzzDriver.run { input in
    let bytes = Array(input)
    _ = try? GPXDocument.parse(bytes, file: "fuzz.gpx")
    let kept = events(bytes, keepExtensions: true), skimmed = events(bytes, keepExtensions: false)
    precondition(
        kept.events.compactMap(\.withoutExtensionTrees) == skimmed.events && kept.error == skimmed.error,
        "reading without the extension trees differs: \(kept.error ?? "") / \(skimmed.error ?? "")")
}
