import FuzzSupport
import GameModes

// One responses file (JSON Lines) per input, as `racekit simulate --responses` reads it.
FuzzDriver.run { input in
    _ = try? ResponseFile.parse(String(decoding: input, as: UTF8.self), file: "fuzz.jsonl")
}
