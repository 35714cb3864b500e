import Foundation
import GeoCore
import RaceKitCore
import RaceModel

/// The score hunt (GOals; rogaining): stops are goals worth points, visited in any order; the
/// first competitor to reach a goal claims its points, later arrivals get nothing or a share;
/// groups have leaderboards of their own; a time limit with a penalty per started minute over.
///
/// - A goal is a stop with points > 0 that is not the course's start or finish.
/// - Competitors are teams (`claimBy: "team"`, participants without a team compete alone) or
///   participants. A competitor scores each goal once. Among arrivals in the same second the
///   ``TieRule`` decides who was first.
/// - With a finish stop, a member's finish is their **return after their last goal**: the first
///   arrival at the finish after which they reach no other stop (passing the finish on the way,
///   which a central start/finish invites, does not end their race; when start and finish are
///   the same stop, being there before going anywhere is the start). Whether an arrival is the
///   last one is known when the race ends (or the member leaves while there), so the `finish`
///   and late `penalty` outcomes come then, dated at the arrival. A competitor finishes when each
///   member still racing has; each started minute past `timeLimitSeconds` costs
///   `rules.pointsPerMinuteOver`; a competitor without a finish by the end did not finish.
///   Without a finish stop, visits after the limit do not count.
/// - Ranked by points after penalties, then the earlier finish; equal on both share a rank.
public struct ScoreMode: GameMode {
    /// The name race files use in `mode.name`.
    public static let identifier = "score"
    /// One line for `racekit modes`.
    public static let summary =
        "The score hunt: goals worth points in any order, first to reach claims, group leaderboards, a rogaining time limit."
    /// The options of ``Configuration``, documented for `racekit modes`.
    public static let options = [
        ModeOption(
            "laterArrivalShare", type: "number 0…1", default: "0",
            "the share of a goal's points (rounded down) for each competitor reaching it after the first"),
        ModeOption(
            "claimBy", type: ClaimBy.typeDescription, default: "\"team\"",
            "who claims goals and is ranked: teams (participants without a team alone) or each participant"),
        ModeOption(
            "groups", type: "array of names or {id, name, members}", default: "[]",
            "leaderboards of their own; members are participant or team ids (a bare name is a group with no members yet)"
        ),
    ]

    /// The values of the `claimBy` option.
    public enum ClaimBy: String, ModeChoice {
        case team, participant
    }

    /// A group with a leaderboard of its own.
    public struct Group: Codable, Sendable, Hashable {
        /// The group's id, as standings name it.
        public var id: String
        /// The group's name for people; the id when not given.
        public var name: String
        /// Participant or team ids.
        public var members: [String]

        /// Creates a group; without a name it is named by its id.
        public init(id: String, name: String? = nil, members: [String] = []) {
            self.id = id
            self.name = name ?? id
            self.members = members
        }

        enum CodingKeys: String, CodingKey { case id, name, members }

        /// Decodes the options, taking the default for each one that is missing.
        public init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer(), let id = try? single.decode(String.self) {
                self.init(id: id)
                return
            }
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                id: try c.decode(String.self, forKey: .id), name: try c.decodeIfPresent(String.self, forKey: .name),
                members: try c.decode(.members, default: []))
        }
    }

    /// The mode's options, read from the race's `mode.config`; every option has a default, so `{}` decodes.
    public struct Configuration: Codable, Sendable, Hashable {
        /// The share of a goal's points (rounded down) for each competitor reaching it after the first.
        public var laterArrivalShare: Double = 0
        /// Who claims goals and is ranked: teams (participants without a team alone) or each participant.
        public var claimBy = ClaimBy.team
        /// Leaderboards of their own; members are participant or team ids (a bare name is a group with no members yet).
        public var groups: [Group] = []

        /// Creates a configuration; the defaults are those of an empty `mode.config`.
        public init(laterArrivalShare: Double = 0, claimBy: ClaimBy = .team, groups: [Group] = []) {
            self.laterArrivalShare = laterArrivalShare
            self.claimBy = claimBy
            self.groups = groups
        }

        /// Decodes the options, taking the default for each one that is missing.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            laterArrivalShare = try c.decode(.laterArrivalShare, default: 0)
            claimBy = try c.decode(.claimBy, default: .team)
            groups = try c.decode(.groups, default: [])
        }
    }

    /// Creates the mode; its behaviour comes from the configuration.
    public init() {}

    struct Competitor: Sendable {
        var id: String
        var name: String
        var members: [String]
        var points = 0
        var penaltyPoints = 0
        var scored: [String] = []
        var finishedMembers: [String: Seconds] = [:]
        var finishTime: Seconds?
        var left: Set<String> = []
    }

    /// What the mode remembers between inputs.
    public struct State: Sendable {
        var configuration: Configuration
        var goals: [String: Int]
        var windows: [String: TimeWindow]
        var start: String?
        var finish: String?
        var timeLimit: Seconds?
        var pointsPerMinuteOver: Int
        var competitors: [Competitor]
        var competitorOf: [String: Int]
        /// Members who have reached a stop other than the start (so the finish can count).
        var awayFromStart: Set<String> = []
        /// Members now back at the finish, with their arrival: their finish unless they go on to another stop.
        var atFinish: [String: Seconds] = [:]
        var claimedBy: [String: String] = [:]
        var ended = false
    }

    /// The state before the first input.
    public func initialState(race: Race, participants: [Participant], configuration: Configuration, seed: UInt64)
        -> State
    {
        let course = race.courses.first
        var goals: [String: Int] = [:]
        var windows: [String: TimeWindow] = [:]
        for stop in race.stops where goals[stop.id] == nil && windows[stop.id] == nil {
            if let window = stop.window { windows[stop.id] = window }
            if let points = stop.points, points > 0, stop.id != course?.start, stop.id != course?.finish {
                goals[stop.id] = points
            }
        }
        var competitors: [Competitor] = []
        var competitorOf: [String: Int] = [:]
        for participant in participants where competitorOf[participant.id] == nil {
            let teamID = configuration.claimBy == .team ? participant.team : nil
            let key = teamID ?? participant.id
            if let existing = competitors.firstIndex(where: { $0.id == key }) {
                competitors[existing].members.append(participant.id)
                competitorOf[participant.id] = existing
            } else {
                let name =
                    teamID.flatMap { id in race.teams.first { $0.id == id }?.name } ?? (teamID ?? participant.name)
                competitorOf[participant.id] = competitors.count
                competitors.append(Competitor(id: key, name: name, members: [participant.id]))
            }
        }
        return State(
            configuration: configuration, goals: goals, windows: windows, start: course?.start, finish: course?.finish,
            timeLimit: race.timeLimitSeconds, pointsPerMinuteOver: race.rules.pointsPerMinuteOver,
            competitors: competitors, competitorOf: competitorOf)
    }

    /// Applies one input, in time order, and says what it caused.
    public func reduce(_ state: inout State, _ input: GameInput) -> [Outcome] {
        switch input {
        case .visit(let visit):
            guard let c = state.competitorOf[visit.participant] else {
                return [.ignored(input, reason: "no participant \"\(visit.participant)\"")]
            }
            return self.visit(&state, c, visit)
        case .answer, .submission:
            return [.ignored(input, reason: "the score hunt takes no \(input.kindName)s")]
        case .leave(let participant, let time):
            guard let c = state.competitorOf[participant] else {
                return [.ignored(input, reason: "no participant \"\(participant)\"")]
            }
            guard !state.competitors[c].left.contains(participant),
                state.competitors[c].finishedMembers[participant] == nil
            else {
                return [.ignored(input, reason: "\(participant) has already left or finished")]
            }
            var out: [Outcome] = [.left(participant, time: time)]
            if let arrival = state.atFinish.removeValue(forKey: participant) {
                // Leaving from the finish: that arrival was their last.
                state.competitors[c].finishedMembers[participant] = arrival
            } else {
                state.competitors[c].left.insert(participant)
            }
            checkFinish(&state, c, &out)
            return out
        case .tick:
            return []
        case .end:
            state.ended = true
            return settleFinishes(&state)
        }
    }

    /// At the end every member still at the finish has finished there; the competitors' finishes
    /// (and late penalties) follow, earliest first.
    private func settleFinishes(_ state: inout State) -> [Outcome] {
        for (participant, arrival) in state.atFinish {
            guard let c = state.competitorOf[participant] else { continue }
            state.competitors[c].finishedMembers[participant] = arrival
        }
        state.atFinish = [:]
        var out: [Outcome] = []
        for c in state.competitors.indices { checkFinish(&state, c, &out) }
        // Stable: equal times keep the competitors' order.
        return out.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    private func visit(_ state: inout State, _ c: Int, _ visit: Visit) -> [Outcome] {
        let p = visit.participant, s = visit.stop, t = visit.time
        func recorded(_ reason: String) -> [Outcome] { [.recorded(participant: p, stop: s, time: t, reason: reason)] }
        let competitor = state.competitors[c]
        if competitor.left.contains(p) { return recorded("the participant has left") }
        if competitor.finishedMembers[p] != nil { return recorded("the participant has finished") }
        if s != state.start { state.awayFromStart.insert(p) }
        if s == state.finish {
            if s == state.start && !state.awayFromStart.contains(p) { return recorded("at the start") }
            if let arrival = state.atFinish[p] {
                return recorded("still at the finish since t=\(Outcome.number(arrival))")
            }
            state.atFinish[p] = t
            return [.reached(participant: p, stop: s, time: t)]
        }
        // Going on from the finish: that arrival was not the last.
        state.atFinish[p] = nil
        guard let points = state.goals[s] else { return recorded("not a goal") }
        if let window = state.windows[s] {
            if let opens = window.opensAfterSeconds, t < opens {
                return recorded("the goal opens at t=\(Outcome.number(opens))")
            }
            if let closes = window.closesAfterSeconds, t > closes {
                return recorded("the goal closed at t=\(Outcome.number(closes))")
            }
        }
        if state.finish == nil, let limit = state.timeLimit, t > limit { return recorded("after the time limit") }
        if competitor.scored.contains(s) { return recorded("already scored by \(competitor.id)") }
        state.competitors[c].scored.append(s)
        var out: [Outcome] = [.reached(participant: p, stop: s, time: t)]
        if let owner = state.claimedBy[s] {
            let share = Int((Double(points) * state.configuration.laterArrivalShare).rounded(.down))
            state.competitors[c].points += share
            out.append(.points(to: competitor.id, points: share, reason: "reached \(s) after \(owner)", time: t))
        } else {
            state.claimedBy[s] = competitor.id
            state.competitors[c].points += points
            out.append(.claim(by: competitor.id, stop: s, points: points, time: t))
        }
        return out
    }

    /// A competitor finishes when every member still racing has finished (and one has).
    private func checkFinish(_ state: inout State, _ c: Int, _ out: inout [Outcome]) {
        let competitor = state.competitors[c]
        guard competitor.finishTime == nil, !competitor.finishedMembers.isEmpty,
            competitor.members.allSatisfy({ competitor.finishedMembers[$0] != nil || competitor.left.contains($0) })
        else { return }
        let finish = competitor.finishedMembers.values.max()!
        state.competitors[c].finishTime = finish
        out.append(.finish(competitor.id, time: finish))
        if let limit = state.timeLimit, finish > limit, state.pointsPerMinuteOver > 0 {
            let minutes = Int(((finish - limit) / 60).rounded(.up))
            let penalty = minutes * state.pointsPerMinuteOver
            state.competitors[c].penaltyPoints = penalty
            out.append(
                .penalty(
                    to: competitor.id, seconds: 0, points: penalty,
                    reason: "\(minutes) started minute\(minutes == 1 ? "" : "s") over the time limit", time: finish))
        }
    }

    private func status(_ state: State, _ competitor: Competitor) -> ResultStatus {
        if competitor.finishTime != nil { return .ok }
        if state.finish == nil {
            if state.ended { return competitor.members.allSatisfy(competitor.left.contains) ? .didNotFinish : .ok }
            return competitor.members.allSatisfy(competitor.left.contains) ? .didNotFinish : .active
        }
        if state.ended || competitor.members.allSatisfy(competitor.left.contains) { return .didNotFinish }
        return .active
    }

    /// The standings as they stand after the inputs so far.
    public func standings(_ state: State) -> Standings {
        let rows = ranked(
            state.competitors.map { competitor in
                StandingsRow(
                    competitor: competitor.id, name: competitor.name, members: competitor.members,
                    status: status(state, competitor), points: competitor.points - competitor.penaltyPoints,
                    stopsReached: competitor.scored.count, finishTime: competitor.finishTime,
                    details: [
                        "claimed": String(state.claimedBy.values.filter { $0 == competitor.id }.count),
                        "penalty": String(competitor.penaltyPoints),
                        "goals": competitor.scored.joined(separator: " "),
                    ])
            })
        let groups = state.configuration.groups.map { group in
            let members = Set(group.members)
            let competitors = Set(
                state.competitors.filter { members.contains($0.id) || $0.members.contains(where: members.contains) }
                    .map(\.id))
            return GroupStandings(
                id: group.id, name: group.name, rows: ranked(rows.filter { competitors.contains($0.competitor) }))
        }
        return Standings(
            mode: Self.identifier, columns: ["claimed", "penalty", "goals"], rows: rows, groups: groups,
            final: state.ended)
    }

    /// Finishers (and those still racing) by points, then the earlier finish; the rest after.
    private func ranked(_ rows: [StandingsRow]) -> [StandingsRow] {
        let order: [ResultStatus] = [.ok, .active, .didNotFinish]
        let sorted = rows.sorted { a, b in
            let sa = order.firstIndex(of: a.status) ?? order.count, sb = order.firstIndex(of: b.status) ?? order.count
            if sa != sb { return sa < sb }
            if a.points != b.points { return a.points > b.points }
            let fa = a.finishTime ?? .infinity, fb = b.finishTime ?? .infinity
            if fa != fb { return fa < fb }
            return TieRule.codePointOrder(a.competitor, b.competitor)
        }
        return competitionRanks(sorted) {
            $0.points == $1.points && $0.finishTime == $1.finishTime && $0.status == $1.status
        }
    }

    /// The mode's own checks of a race and its configuration.
    public func validate(_ configuration: Configuration, context: ValidationContext, path: String) -> [ValidationIssue]
    {
        var issues: [ValidationIssue] = []
        let race = context.race
        let share = configuration.laterArrivalShare
        if !(share.isFinite && share >= 0 && share <= 1) {
            issues.append(
                ValidationIssue(
                    .error, "bad-mode-option", at: path + "/laterArrivalShare",
                    "laterArrivalShare \(share) must be between 0 and 1"))
        }
        let course = race.courses.first
        var goals = 0
        for (i, stop) in race.stops.enumerated() where stop.id != course?.start && stop.id != course?.finish {
            if let points = stop.points, points > 0 {
                goals += 1
            } else if let points = stop.points, points < 0 {
                issues.append(
                    ValidationIssue(
                        .error, "negative-points", at: context.stopPath(i) + "/points",
                        "goal \"\(stop.id)\" is worth \(points) points"))
            } else {
                issues.append(
                    ValidationIssue(
                        .warning, "goal-without-points", at: context.stopPath(i),
                        "stop \"\(stop.id)\" has no points, so it is not a goal",
                        hint: "give it \"points\", or remove it from the score hunt"))
            }
        }
        if goals == 0 {
            issues.append(
                ValidationIssue(
                    .error, "no-goals", at: "/stops", "the score hunt has no goal: no stop has points",
                    hint: "give the stops \"points\""))
        }
        if race.timeLimitSeconds == nil {
            issues.append(
                ValidationIssue(
                    .warning, "no-time-limit", at: "/timeLimitSeconds",
                    "a score hunt without a time limit never ends: every goal can be reached",
                    hint: "set timeLimitSeconds (rogaining: 2 to 24 hours; a city hunt: 45 to 90 minutes)"))
        }
        if race.rules.pointsPerMinuteOver < 0 {
            issues.append(
                ValidationIssue(
                    .error, "bad-rule", at: "/rules/pointsPerMinuteOver",
                    "pointsPerMinuteOver \(race.rules.pointsPerMinuteOver) must be 0 or more"))
        }
        let known = Set(race.participants.map(\.id) + race.teams.map(\.id))
        var seen = Set<String>()
        for (g, group) in configuration.groups.enumerated() {
            let groupPath = JSONPointer.appending(path + "/groups", g)
            if !seen.insert(group.id).inserted {
                issues.append(
                    ValidationIssue(.error, "duplicate-id", at: groupPath, "group \"\(group.id)\" is defined twice"))
            }
            if group.members.isEmpty {
                issues.append(
                    ValidationIssue(
                        .warning, "empty-group", at: groupPath,
                        "group \"\(group.id)\" has no members, so its leaderboard is empty",
                        hint: "write it as {\"id\": \"\(group.id)\", \"members\": [participant or team ids]}"))
            }
            for (m, member) in group.members.enumerated() where !known.contains(member) {
                issues.append(
                    ValidationIssue(
                        .error, "unknown-participant", at: JSONPointer.appending(groupPath + "/members", m),
                        "group \"\(group.id)\" names \"\(member)\", which is neither a participant nor a team"))
            }
        }
        return issues
    }
}
