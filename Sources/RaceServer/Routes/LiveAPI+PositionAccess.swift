import Hummingbird
import RaceLive
import RaceModel

/// What one reader may see of the participants' positions, by the race's `livePositions`
/// setting: the organiser sees every fix, a participant their own track whole and the others'
/// as the setting allows, a share-link viewer the others' as the setting allows.
struct PositionAccess {
    /// Sees every fix of everyone.
    let seesEverything: Bool
    /// The participant whose own track is always whole, if the reader is one.
    let participant: String?
    /// The latest fix time (seconds since 1970) shown of another's track; `nil` for none.
    let latestOfOthers: Double?

    /// The part of `participant`'s fixes (in time order) this reader may see.
    func visible(_ fixes: [LiveFix], of participant: String) -> [LiveFix] {
        if seesEverything || participant == self.participant { return fixes }
        guard let latest = latestOfOthers else { return [] }
        guard latest.isFinite else { return fixes }
        // The fixes are in time order: keep the prefix up to `latest`.
        var low = 0, high = fixes.count
        while low < high {
            let mid = (low + high) / 2
            if fixes[mid].time <= latest { low = mid + 1 } else { high = mid }
        }
        return Array(fixes[..<low])
    }
}

extension LiveAPI {
    /// The position access of the request's credential (a token is required: positions are
    /// never public).
    func positionAccess(_ request: Request, _ raceID: String, race: Race) async throws -> PositionAccess {
        let now = hub.clock()
        let credential = try await Authorization.require(
            request, credentials: hub.credentials, race: raceID, roles: [.organiser, .participant, .viewer], now: now)
        return PositionAccess(
            seesEverything: credential.role == .organiser,
            participant: credential.role == .participant ? credential.participant : nil,
            latestOfOthers: race.livePositions.latestVisibleTime(now: now))
    }
}
