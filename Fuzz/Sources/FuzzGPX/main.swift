import FuzzSupport

@testable import GeoFormats

// One GPX document per input, read whole and streamed in 7-byte chunks, so the scanner refills
// its buffer in the middle of every kind of token. Bad input must throw, never trap.
FuzzDriver.run { input in
    let bytes = Array(input)
    _ = try? GPXDocument.parse(bytes, file: "fuzz.gpx")
    if let reader = try? GPXReader(source: MemoryByteSource(bytes), file: "fuzz.gpx", options: .init(), chunkSize: 7) {
        while let event = try? reader.next() { _ = event }
    }
}
