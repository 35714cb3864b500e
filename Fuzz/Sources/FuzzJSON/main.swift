import FuzzSupport
import RaceKitCore

// One JSON text per input through the strict reader; what it accepts must serialise and read
// back to the same text.
FuzzDriver.run { input in
    guard let value = try? JSONParser.parse(Array(input), file: "fuzz.json") else { return }
    let text = value.serialized()
    guard let again = try? JSONParser.parse(Array(text.utf8), file: "again.json"), again.serialized() == text else {
        fatalError("the JSON reader does not read back what the writer wrote: \(text)")
    }
}
