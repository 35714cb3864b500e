import Foundation
import RaceKitCore
import RaceModel
import Synchronization

/// One live race on the server: its ``LiveRace`` engine, the store its log is written to, and
/// the viewers waiting for changes.
///
/// ``submit(_:recordedAt:)`` drops duplicates, numbers the rest, stores them (durably, before it
/// returns: the acknowledgement) and only then applies them; submissions of one race run one
/// after another, so sequence numbers follow the order entries were stored. Submissions that
/// arrive while an append is being stored go into the next append together (a group commit):
/// a thousand phones sending a fix each cost one commit, not a thousand.
public actor LiveRaceRunner {
    /// The race's id.
    public nonisolated let raceID: String
    private var engine: LiveRace
    /// What ``intake`` reads without a turn on the actor; renewed when the engine's start or
    /// end changes (`apply(_:)`).
    private let intakeSnapshot: Mutex<Intake>
    private let store: any LiveStore
    private let queue = SerialQueue()
    private var viewers: [UUID: Viewer] = [:]
    /// Whether a broadcast of new standings to the viewers is on its way (``broadcast()``).
    private var broadcastPending = false
    /// The last update's hand-over to the viewers, which runs off the runner so that storing
    /// entries goes on meanwhile; the next broadcast waits for it, so viewers get updates in
    /// order.
    private var handingOver: Task<Void, Never>?
    /// The least time between two leaderboard updates sent to viewers.
    public nonisolated let standingsSpacing: Duration
    /// The update last handed to viewers, whose leaderboard the next update's changes build
    /// on, and the engine's ``LiveRace/leaderboardRevision`` it was built at.
    private var lastUpdate: (update: LeaderboardUpdate, board: LiveLeaderboard, revision: Int)?
    /// When the last update was built, and how long building it took.
    private var updateBuilt: (at: ContinuousClock.Instant, taking: Duration)?
    /// Appends that collided with another instance's and were numbered again: how contended
    /// the race's log is across instances.
    public private(set) var collisions = 0
    /// Submissions waiting for the next append, in arrival order.
    private var waiting: [Submission] = []
    /// Whether a task is storing the waiting submissions (``flush()``); at most one is.
    private var flushing = false

    /// One caller's payloads and the caller, waiting for what became of them.
    private struct Submission {
        let payloads: [LogPayload]
        let recordedAt: Double
        let caller: CheckedContinuation<Receipt, any Error>
    }

    /// What a submission did.
    public struct Receipt: Hashable, Sendable {
        /// Entries stored.
        public var accepted: Int
        /// Entries dropped because the log already had them (or the batch had them twice).
        public var duplicates: Int
        /// The race's last sequence number after the submission.
        public var lastSequence: Int64
    }

    /// A runner for a race, its engine rebuilt from what `store` holds (participants, then the
    /// whole log): after a restart the state is what it was at the last acknowledged entry.
    /// - Parameters:
    ///   - raceID: the race's id in the store.
    ///   - race: the race its file describes.
    ///   - store: where its log is read from and appended to.
    ///   - seed: the seed of the game mode's random choices.
    ///   - standingsSpacing: the least time between two leaderboard updates sent to viewers
    ///     (``subscribe(deliver:finish:)``).
    public init(
        raceID: String, race: Race, store: any LiveStore, seed: UInt64 = 1,
        standingsSpacing: Duration = .milliseconds(20)
    ) async throws {
        self.raceID = raceID
        self.store = store
        self.standingsSpacing = standingsSpacing
        var engine = LiveRace(raceID: raceID, race: race, seed: seed)
        for participant in try await store.participants(raceID: raceID) { engine.join(participant) }
        let entries = try await store.entries(raceID: raceID, after: 0)
        // Someone may have joined (on another instance) between the two reads.
        if engine.needsParticipants(for: entries) {
            engine.adoptParticipants(try await store.participants(raceID: raceID))
        }
        engine.apply(entries)
        intakeSnapshot = Mutex(Self.intake(of: engine))
        self.engine = engine
    }

    /// The engine as it stands (participants, tracks, start and end). A copy that shares the
    /// engine's storage: held while entries are applied, it makes the engine copy every track,
    /// so the ingest path asks for ``intake`` instead.
    public var race: LiveRace { engine }

    /// What screening a submission needs, without a copy of the engine.
    public struct Intake: Sendable {
        /// The race as its file describes it.
        public let race: Race
        /// The organiser's start, seconds since 1970, once started.
        public let startedAt: Double?
        /// The organiser's end, seconds since 1970, once ended.
        public let endedAt: Double?
        /// The race clock's origin (``LiveRace/clockOrigin``).
        public let clockOrigin: Double
    }

    /// The race, its start and end and its clock's origin, as they stand; read without a turn
    /// on the actor, so a request screens its fixes without waiting behind appends.
    public nonisolated var intake: Intake { intakeSnapshot.withLock { $0 } }

    private static func intake(of engine: LiveRace) -> Intake {
        Intake(race: engine.race, startedAt: engine.startedAt, endedAt: engine.endedAt, clockOrigin: engine.clockOrigin)
    }

    /// Applies stored entries to the engine, and renews ``intake`` when they started or ended
    /// the race.
    private func apply(_ entries: [LogEntry]) {
        engine.apply(entries)
        guard engine.startedAt != intake.startedAt || engine.endedAt != intake.endedAt else { return }
        let intake = Self.intake(of: engine)
        intakeSnapshot.withLock { $0 = intake }
    }

    /// Stores a participant who joined and adds them to the engine.
    /// - Throws: ``LiveStoreError/conflict(_:)`` when the id is taken.
    public func join(_ participant: StoredParticipant) async throws {
        try await queue.run { [store] in try await store.addParticipant(participant) }
        engine.join(participant)
        publish()
    }

    /// Stores and applies `payloads`; duplicates (of the log, or within the batch) change nothing.
    /// - Parameters:
    ///   - payloads: fixes, game inputs and organiser actions, in the order received.
    ///   - recordedAt: the server's clock, seconds since 1970, stored with each entry.
    public func submit(_ payloads: [LogPayload], recordedAt: Double) async throws -> Receipt {
        try await withCheckedThrowingContinuation { caller in
            waiting.append(Submission(payloads: payloads, recordedAt: recordedAt, caller: caller))
            if !flushing {
                flushing = true
                Task { await self.flush() }
            }
        }
    }

    /// Stores what is waiting, one group per turn of the queue, until nothing is: the callers
    /// that arrive while a group is being stored make up the next group. Each caller waits once,
    /// for its own answer, not for a place in a line of its own.
    private func flush() async {
        while !waiting.isEmpty {
            _ = try? await queue.run { await self.storeWaiting() }
        }
        flushing = false
    }

    /// Numbers every waiting submission's new payloads, stores them in one append and applies
    /// them; each submission gets its receipt, or the append's error (then none was stored).
    ///
    /// When another instance stored the same sequence numbers first (the store's
    /// ``LiveStoreError/conflict(_:)``), this engine was behind the log: it takes a turn
    /// (``storeInTurn(_:)``). So duplicates are dropped across instances too, and the log stays
    /// gapless.
    private func storeWaiting() async {
        guard !waiting.isEmpty else { return }
        let group = waiting
        waiting = []
        let (entries, accepted) = number(group)
        do {
            try await store.append(entries)
        } catch LiveStoreError.conflict {
            collisions += 1
            // What arrived meanwhile goes into the turn too.
            let more = waiting
            waiting = []
            await storeInTurn(group + more)
            return
        } catch {
            for submission in group { submission.caller.resume(throwing: error) }
            return
        }
        settle(group, entries: entries, accepted: accepted, caughtUp: false)
    }

    /// The group a turn numbers, and what numbering it gave.
    private var turn: (group: [Submission], entries: [LogEntry], accepted: [Int])?

    /// Stores `group` in a turn of the store (``LiveStore/appendInTurn(raceID:after:number:)``):
    /// with the race's log held still, the engine takes in what it missed, then screens and
    /// numbers the group again. Nothing can collide with that append.
    private func storeInTurn(_ group: [Submission]) async {
        turn = (group, [], [])
        defer { turn = nil }
        let before = engine.lastSequence
        do {
            try await store.appendInTurn(raceID: raceID, after: before) { missed, participants in
                await self.numberInTurn(missed: missed, participants: participants)
            }
        } catch {
            for submission in group { submission.caller.resume(throwing: error) }
            if engine.lastSequence != before { publish() }
            return
        }
        guard let turn else { preconditionFailure("a turn keeps its numbering until it is settled") }
        settle(group, entries: turn.entries, accepted: turn.accepted, caughtUp: engine.lastSequence != before)
    }

    /// A turn's numbering: applies the entries the engine missed (taking the store's participants
    /// when one of them is new here), then numbers the turn's group after them.
    private func numberInTurn(missed: [LogEntry], participants: [StoredParticipant]) -> [LogEntry] {
        if engine.needsParticipants(for: missed) { engine.adoptParticipants(participants) }
        apply(missed)
        guard let group = turn?.group else { preconditionFailure("numbering outside a turn") }
        let (entries, accepted) = number(group)
        turn?.entries = entries
        turn?.accepted = accepted
        return entries
    }

    /// Applies `entries`, which the store now holds, and gives each submission of `group` its
    /// receipt; viewers hear of it when anything changed (`caughtUp`: the engine read entries of
    /// other instances on the way).
    private func settle(_ group: [Submission], entries: [LogEntry], accepted: [Int], caughtUp: Bool) {
        apply(entries)
        if !entries.isEmpty || caughtUp { publish() }
        for (submission, count) in zip(group, accepted) {
            submission.caller.resume(
                returning: Receipt(
                    accepted: count, duplicates: submission.payloads.count - count, lastSequence: engine.lastSequence))
        }
    }

    /// The log entries of `group`'s payloads that the engine does not have yet, numbered from
    /// its last sequence number on, and how many each submission contributed.
    private func number(_ group: [Submission]) -> (entries: [LogEntry], accepted: [Int]) {
        // Read through a local copy: a call on the stored engine copies the whole struct each time.
        let engine = self.engine
        let payloadCount = group.reduce(0) { $0 + $1.payloads.count }
        var entries: [LogEntry] = []
        entries.reserveCapacity(payloadCount)
        var accepted: [Int] = []
        var inGroup: Set<LogPayload> = []
        // A run of one participant's fixes (a native batch) looks up their track and the times
        // the group already has of them once, not per fix.
        var timesInGroup: [String: FixTimes] = [:]
        var run: (participant: String, track: Int?, times: FixTimes)?
        var next = engine.lastSequence + 1
        for submission in group {
            var count = 0
            for payload in submission.payloads {
                if case .fix(let fix) = payload {
                    if run?.participant != fix.participant {
                        if let run { timesInGroup[run.participant] = run.times }
                        run = (
                            fix.participant, engine.fixTrack(of: fix.participant),
                            timesInGroup.removeValue(forKey: fix.participant) ?? FixTimes()
                        )
                    }
                    if let track = run!.track, engine.holdsFix(at: fix.time, inTrack: track) { continue }
                    guard run!.times.insert(fix.time) else { continue }
                } else {
                    if engine.isDuplicate(payload) { continue }
                    guard inGroup.insert(payload).inserted else { continue }
                }
                entries.append(
                    LogEntry(raceID: raceID, sequence: next, recordedAt: submission.recordedAt, payload: payload))
                next += 1
                count += 1
            }
            accepted.append(count)
        }
        return (entries, accepted)
    }

    /// Reads the log up to at least `sequence` when the engine is behind it: what other
    /// instances appended (a ``LogAnnouncement``), applied and announced to this instance's
    /// viewers. `nil` reads whatever there is (after a lost connection).
    public func follow(to sequence: Int64?) async throws {
        if let sequence, sequence <= engine.lastSequence { return }
        try await queue.run { try await self.readLog(upTo: sequence) }
    }

    /// Applies the log's entries after the engine's last one; participants who joined on
    /// another instance are taken from the store first, in the store's joining order.
    private func readLog(upTo sequence: Int64? = nil) async throws {
        if let sequence, sequence <= engine.lastSequence { return }
        let entries = try await store.entries(raceID: raceID, after: engine.lastSequence)
        guard !entries.isEmpty else { return }
        if engine.needsParticipants(for: entries) {
            engine.adoptParticipants(try await store.participants(raceID: raceID))
        }
        apply(entries)
        publish()
    }

    /// The race's state after every stored entry, as of this call: derived from the whole log
    /// (as ``LiveRace/refresh()`` does) on a snapshot of the engine, away from the runner, so
    /// that storing entries goes on meanwhile. Callers share derivations: at most one runs at
    /// a time, and the next starts no sooner than the last one took after it ended.
    public func state() async -> LiveRaceState { await derivation().state }

    /// The race's state without the fixes in its replay (``LiveRace/leaderboardState()``):
    /// visits, course checks and the game, taken in fix by fix. What the leaderboard and the
    /// next stops need, at a cost that follows the fixes that arrived since, not the race's size.
    public func currentState() -> LiveRaceState { engine.leaderboardState() }

    /// The standings document as of this call: `{"raceID", "sequence", "status", "problem"?,
    /// "report"}`, where `report` is what `racekit simulate --format json` prints for the
    /// exported log. Built with the state it comes from (``state()``).
    public func standings() async -> Standings { await derivation().standings }

    /// The whole state, derived from a snapshot of the engine, and its standings document.
    struct Derivation: Sendable {
        /// ``LiveRace/revision`` of the snapshot.
        var revision: Int
        var state: LiveRaceState
        var standings: Standings
        /// How long deriving took.
        var taking: Duration
    }

    /// The latest derivation of the whole state.
    private var derived: Derivation?
    /// The derivation under way (its number tells it from a later one), if any.
    private var deriving: (number: Int, task: Task<Derivation, Never>)?
    /// How many times the whole state was derived (``state()``, ``standings()``): fewer than
    /// were asked for while the race changed, because callers share derivations.
    public private(set) var derivations = 0
    /// When the next derivation may start: as long after the last one ended as it took.
    private var nextDerivationDue: ContinuousClock.Instant?

    /// The whole state as of this call: at least the engine's revision now, so a caller sees
    /// its own entries. Deriving a large race from its whole log takes long (0.6 s for 1.1 M
    /// fixes), so it runs on a snapshot of the engine (``LiveRace/snapshot()``) in a task of
    /// its own, and the runner goes on storing entries and updating viewers meanwhile. Callers
    /// share derivations: at most one runs at a time, callers that come while it runs wait
    /// for it and, when they need a later revision, for the next one; and the next starts no
    /// sooner than as long after the last one ended as that one took, so polling the full
    /// report takes at most half a core, however many poll.
    private func derivation() async -> Derivation {
        let wanted = engine.revision
        while true {
            if let derived, derived.revision >= wanted { return derived }
            let (number, task) = deriving ?? startDerivation()
            let result = await task.value
            finish(number, result)
            // Older than wanted: the next derivation, which `finish` made room for, takes a
            // snapshot at the engine's revision then, so it cannot be older.
            if result.revision >= wanted { return result }
        }
    }

    /// Starts a derivation: after the spacing, on a snapshot of the engine as it is then.
    private func startDerivation() -> (number: Int, task: Task<Derivation, Never>) {
        derivations += 1
        let number = derivations
        let due = nextDerivationDue
        let task = Task.detached { [self] in
            if let due, due > .now { try? await Task.sleep(until: due) }
            let (snapshot, revision) = await self.snapshot()
            let began = ContinuousClock.now
            let state = snapshot.derivedState()
            let standings = Self.standings(of: snapshot, state: state)
            return Derivation(revision: revision, state: state, standings: standings, taking: .now - began)
        }
        deriving = (number, task)
        return (number, task)
    }

    /// Takes in a finished derivation, once, whichever of its callers comes first: after it, a
    /// caller that needs a later revision starts the next one instead of awaiting this one again.
    private func finish(_ number: Int, _ result: Derivation) {
        guard deriving?.number == number else { return }
        deriving = nil
        nextDerivationDue = .now + result.taking
        engine.adopt(result.state, derivedAt: result.revision)
        if (derived?.revision ?? -1) < result.revision { derived = result }
    }

    /// The engine to derive from, and its revision.
    private func snapshot() -> (LiveRace, Int) { (engine.snapshot(), engine.revision) }

    /// The standings document of `state`, derived from `race`.
    private static func standings(of race: LiveRace, state: LiveRaceState) -> Standings {
        var members = [
            JSONMember("raceID", .string(race.raceID)), JSONMember("sequence", .number(Double(state.sequence))),
            JSONMember("status", .string(race.status)),
        ]
        if let problem = state.problem { members.append(JSONMember("problem", .string(problem))) }
        members.append(JSONMember("report", state.report(startEpoch: race.clockOrigin)?.json ?? .null))
        return Standings(sequence: state.sequence, text: JSONValue.object(members).serialized(pretty: false))
    }

    /// A standings document as text, with the sequence it is at.
    public struct Standings: Hashable, Sendable {
        /// The last log entry it includes.
        public var sequence: Int64
        /// Compact JSON.
        public var text: String
    }

    /// The log entries after `sequence`, from the store (resuming viewers, exports).
    public func entries(after sequence: Int64) async throws -> [LogEntry] {
        try await store.entries(raceID: raceID, after: sequence)
    }

    /// What viewers get when the log grew: the leaderboard whole, and what changed since the
    /// update before, rendered once for every viewer.
    public struct LeaderboardUpdate: Hashable, Sendable {
        /// The last log entry it includes.
        public var sequence: Int64
        /// Whether the race has ended (no later update will differ).
        public var ended: Bool
        /// ``LiveLeaderboard/snapshot(raceID:)``: for a viewer who has no leaderboard yet, or
        /// missed an update.
        public var snapshot: String
        /// The sequence of the update before, which ``changes`` build on; `nil` for the first.
        public var after: Int64?
        /// ``LiveLeaderboard/changes(since:raceID:)`` from the update before.
        public var changes: String?
    }

    /// A viewer of the race's leaderboard: what to call with each update, and when the race
    /// ends its viewers.
    private struct Viewer {
        let deliver: @Sendable (LeaderboardUpdate) -> Void
        let finish: @Sendable () -> Void
    }

    /// Subscribes a viewer: from now on `deliver` gets each leaderboard update, and `finish` is
    /// called when the race ends its viewers (``finishViewers()``). Updates are built once for
    /// every viewer, at most one per ``standingsSpacing``: a busy race is re-derived some times
    /// a second, not once per fix, and the latest change still reaches every viewer. `deliver`
    /// gets the updates in order, from one task at a time but not on the runner; both closures
    /// must only hand over (write to a connection without waiting for it, yield to a stream),
    /// never wait.
    /// - Returns: the subscription, for ``unsubscribe(_:)``, and the latest update: the one the
    ///   other viewers have (a newer one is then on its way), or a new one when no one watched.
    public func subscribe(
        deliver: @escaping @Sendable (LeaderboardUpdate) -> Void, finish: @escaping @Sendable () -> Void
    ) -> (id: UUID, current: LeaderboardUpdate) {
        let current = viewers.isEmpty ? nextUpdate() : lastUpdate?.update ?? nextUpdate()
        let id = UUID()
        viewers[id] = Viewer(deliver: deliver, finish: finish)
        if current.sequence < engine.lastSequence { publish() }
        return (id, current)
    }

    /// Ends a subscription (the viewer left).
    public func unsubscribe(_ id: UUID) { viewers[id] = nil }

    /// Viewers currently subscribed.
    public var viewerCount: Int { viewers.count }

    /// Ends every viewer's subscription (shutdown, a revoked share link, a replaced race file).
    public func finishViewers() {
        for viewer in viewers.values { viewer.finish() }
        viewers = [:]
    }

    /// The log changed: the viewers get an update, once the spacing since the last one allows.
    private func publish() {
        guard !viewers.isEmpty, !broadcastPending else { return }
        broadcastPending = true
        Task { await self.broadcast() }
    }

    /// Waits out the rest of the spacing and the last hand-over, then builds the update of the
    /// log as it is by then and hands it to every viewer, off the runner. The spacing is at
    /// least twice the last build's time, so that re-deriving a large race leaves the runner
    /// most of its time for storing fixes.
    private func broadcast() async {
        if let built = updateBuilt {
            let due = built.at + max(standingsSpacing, built.taking * 2)
            if due > .now { try? await Task.sleep(until: due) }
        }
        await handingOver?.value
        broadcastPending = false
        let update = nextUpdate()
        let deliveries = viewers.values.map(\.deliver)
        handingOver = Task.detached {
            for deliver in deliveries { deliver(update) }
        }
    }

    /// The update of the log as it stands, its changes built on the last update's leaderboard;
    /// the last update again when the log has not grown since.
    private func nextUpdate() -> LeaderboardUpdate {
        let began = ContinuousClock.now
        let sequence = engine.lastSequence
        if let last = lastUpdate, last.update.sequence == sequence { return last.update }
        engine.takeInFixes()
        // Fixes that reached no stop leave every row as it was: no state is built for them.
        let board =
            if let last = lastUpdate, last.revision == engine.leaderboardRevision, last.board.status == engine.status {
                last.board.renumbered(to: sequence)
            } else {
                LiveLeaderboard(
                    state: currentState(), status: engine.status,
                    displayNames: Dictionary(
                        engine.participants.map { ($0.id, $0.displayName) }, uniquingKeysWith: { a, _ in a }),
                    reusing: lastUpdate?.board)
            }
        let update = LeaderboardUpdate(
            sequence: sequence, ended: engine.endedAt != nil, snapshot: board.snapshot(raceID: raceID),
            after: lastUpdate?.update.sequence,
            changes: lastUpdate.map { board.changes(since: $0.board, raceID: raceID) })
        lastUpdate = (update, board, engine.leaderboardRevision)
        let now = ContinuousClock.now
        updateBuilt = (now, now - began)
        return update
    }
}
