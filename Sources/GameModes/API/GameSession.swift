import GeoCore

/// A game in progress under one mode, type-erased so a caller can pick the mode by name
/// (``GameModeRegistry``). A value: copying a session copies the game.
///
/// ``apply(_:)`` takes inputs one at a time and refuses (``Outcome/ignored(_:reason:)``) an
/// input earlier than the one before, a non-finite time, or anything after
/// ``GameInput/end(_:)``. ``play(_:responder:)`` sorts inputs by the ``TieRule`` and feeds the
/// answers and submissions a ``Responder`` gives back into the same time-ordered stream.
public struct GameSession: Sendable {
    /// The mode's identifier.
    public let mode: String
    /// The time of the last input applied (−∞ before the first).
    public private(set) var now: Seconds = -.infinity
    /// Whether ``GameInput/end(_:)`` was applied.
    public private(set) var ended = false
    /// Round deadlines that no input has come after yet, in the order their rounds started:
    /// ``play(_:responder:)`` applies their ticks once one does.
    private var openDeadlines: [Seconds] = []
    private var engine: any SessionEngine

    init<M: GameMode>(mode: M, state: M.State) {
        self.mode = M.identifier
        engine = Engine(mode: mode, state: state)
    }

    /// Applies one input.
    public mutating func apply(_ input: GameInput) -> [Outcome] {
        guard input.time.isFinite else { return [.ignored(input, reason: "its time is not a finite number")] }
        guard !ended else { return [.ignored(input, reason: "the race is over")] }
        guard input.time >= now else {
            return [
                .ignored(
                    input,
                    reason:
                        "it is earlier than the input before (t=\(Outcome.number(now))); inputs must come in time order"
                )
            ]
        }
        now = input.time
        if case .end = input { ended = true }
        return engine.reduce(input)
    }

    /// The standings after the inputs so far.
    public func standings() -> Standings { engine.standings() }

    /// Plays `inputs` in time order (``TieRule``). A fresh session first gets a `.tick(0)` (the
    /// race start) unless an input comes at or before 0. A round that starts with a deadline
    /// (``Outcome/roundStarted(_:time:deadline:)``) gets a `.tick` at its deadline, so it closes
    /// then rather than at whatever input comes next (and what the next round prompts is not
    /// dated before inputs already applied). The tick is applied only once an input (or a
    /// reply) comes after it, in this call or a later one: until then the session keeps the
    /// deadline, so a later call plays what happened in between first, and playing a stream in
    /// several calls, cut between inputs of different times, gives what one call gives. After
    /// the end, deadlines are dropped. Each outcome goes to `responder`; the inputs it returns
    /// join the stream at their time (never before the outcome's own time) and are played in
    /// this call, even after its last input: a caller that cuts a stream into calls must cut it
    /// after the replies.
    /// - Returns: every outcome, in the order they happened.
    /// - Complexity: O(n log n + r·n) for n inputs and r responses or deadlines.
    public mutating func play(_ inputs: [GameInput], responder: (any Responder)? = nil) -> [Outcome] {
        var queue = TieRule.sorted(inputs)
        if now == -.infinity, (queue.first?.time ?? 1) > 0 { queue.insert(.tick(0), at: 0) }
        var deadlines: Set<Seconds> = []
        // Inputs given or replied, not yet applied (deadline ticks apply only before one of them).
        var pending = queue.count
        var outcomes: [Outcome] = []
        var next = 0
        func enqueue(_ input: GameInput) {
            // After every queued input that precedes or ties with it: upper bound.
            var low = next, high = queue.count
            while low < high {
                let mid = (low + high) / 2
                if TieRule.precedes(input, queue[mid]) { high = mid } else { low = mid + 1 }
            }
            queue.insert(input, at: low)
        }
        // Deadlines no input reached in the calls before: their ticks wait among this call's inputs.
        for deadline in openDeadlines where deadlines.insert(deadline).inserted { enqueue(.tick(deadline)) }
        openDeadlines = []
        while next < queue.count {
            let input = queue[next]
            next += 1
            if case .tick(let t) = input, deadlines.remove(t) != nil {
                if ended || t < now { continue }
                if pending == 0 {
                    openDeadlines.append(t)
                    continue
                }
            } else {
                pending -= 1
            }
            let produced = apply(input)
            outcomes += produced
            for outcome in produced {
                if case .roundStarted(_, let time, let deadline?) = outcome, deadline.isFinite, deadline > time,
                    deadlines.insert(deadline).inserted
                {
                    enqueue(.tick(deadline))
                }
                guard let responder else { continue }
                for reply in responder.respond(to: outcome) {
                    enqueue(reply)
                    pending += 1
                }
            }
        }
        return outcomes
    }
}

/// What a session holds: a mode and its state, behind an existential.
protocol SessionEngine: Sendable {
    mutating func reduce(_ input: GameInput) -> [Outcome]
    func standings() -> Standings
}

struct Engine<M: GameMode>: SessionEngine {
    let mode: M
    var state: M.State

    mutating func reduce(_ input: GameInput) -> [Outcome] { mode.reduce(&state, input) }
    func standings() -> Standings { mode.standings(state) }
}

/// Something that answers the prompts a game gives: questions (``Outcome/question(participant:stop:options:attempt:time:)``)
/// and relay hand-outs (``Outcome/handOut(participant:round:item:author:time:deadline:)``).
/// ``AnswerModel`` does so from a seeded model, ``ResponseFile`` from recorded responses.
public protocol Responder: Sendable {
    /// The inputs `outcome` prompts, each at or after `outcome.time`; `[]` for the rest.
    func respond(to outcome: Outcome) -> [GameInput]
    /// Inputs at fixed times that need no prompt (a response file's `time` lines); callers
    /// that play a whole race (`GamePlay` in RaceSimulation) merge them into the stream.
    var scheduledInputs: [GameInput] { get }
}

extension Responder {
    /// None by default: a model only answers prompts.
    public var scheduledInputs: [GameInput] { [] }
}
