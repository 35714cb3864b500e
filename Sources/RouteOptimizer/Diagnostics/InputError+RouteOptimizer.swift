import RaceKitCore

/// The optimizer's families of bad input. Its errors are RaceKitCore's `InputError`, located
/// like every reader's: `walk.csv:4:7: error: distance -12 is negative`,
/// `walk.json:/matrix/2/3: error: …`, or, for a problem built in code, `error: precedence
/// cycle: 'B' → 'C' → 'B'`.
extension InputError.Code {
    /// A matrix file that is not CSV/JSON of the expected shape.
    public static let malformedMatrix = Self(rawValue: "malformed-matrix")
    /// A matrix that is not n × n (or does not match the number of stops).
    public static let wrongSize = Self(rawValue: "wrong-size")
    /// A negative distance.
    public static let negativeDistance = Self(rawValue: "negative-distance")
    /// A cell that is not a whole number (or too large for 32 bits).
    public static let notAnInteger = Self(rawValue: "not-an-integer")
    /// A stop id or index that does not exist.
    public static let unknownStop = Self(rawValue: "unknown-stop")
    /// Precedence pairs that form a cycle (or a stop before itself).
    public static let precedenceCycle = Self(rawValue: "precedence-cycle")
    /// Pins that contradict each other, the fixed ends or the precedence pairs.
    public static let conflictingPins = Self(rawValue: "conflicting-pins")
    /// A time window that no order can meet.
    public static let infeasibleTimeWindow = Self(rawValue: "infeasible-time-window")
    /// Constraints that are individually fine but that no order satisfies together.
    public static let noFeasibleOrder = Self(rawValue: "no-feasible-order")
    /// A TSPLIB file that cannot be read.
    public static let malformedTSPLIB = Self(rawValue: "malformed-tsplib")
    /// A TSPLIB feature this reader does not implement.
    public static let unsupportedTSPLIB = Self(rawValue: "unsupported-tsplib")
    /// An option outside its range (e.g. zero variants).
    public static let invalidOption = Self(rawValue: "invalid-option")
}
