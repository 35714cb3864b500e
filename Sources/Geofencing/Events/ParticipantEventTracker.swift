import GeoCore

/// Event detection for one participant, fed one fix at a time in time order: the streaming
/// form of ``EventDetector`` (which runs one tracker per participant over a whole file).
///
/// Each fix is first screened (``FixRejection``, in that order: invalid, out of order,
/// duplicate, impossible speed, against the last *accepted* fix); a rejected fix is counted in
/// the workspace's report and otherwise ignored. For an accepted fix, per fence:
/// - **outside → inside**: a fix inside the fence enters it (unless the rules' accuracy gate
///   refuses the fix), with the interpolated boundary time;
/// - **inside → pending exit**: the first fix outside fixes the exit time on the segment from
///   the last inside fix; a later fix inside cancels it;
/// - **pending exit → outside**: confirmed by ``EventRules/exitConfirmFixes`` consecutive fixes
///   farther than ``EventRules/exitMarginMeters`` beyond the boundary, spanning at least
///   ``EventRules/exitConfirmSeconds``; a fix outside but within the margin restarts the count;
/// - **dwell** once per visit, at the first inside fix at least ``EventRules/minimumDwellSeconds``
///   after the enter time, or at the confirmed exit when the visit lasted that long;
/// - **cross** for a fence the segment from the previous fix passes through when neither fix
///   is inside it and the participant is not in it.
///
/// Events are emitted in fix order, exits and dwells before enters before crosses; their
/// interpolated times may therefore go back a little. A pending exit still unconfirmed when the
/// fixes end is never emitted: the participant is still inside.
///
/// - Complexity: per fix, one index query, one segment candidate lookup (with
///   ``EventRules/detectsCrossings``) and O(fences the participant is in). Memory
///   O(fences the participant is in).
public struct ParticipantEventTracker: Sendable {
    /// The participant the events are reported for.
    public private(set) var participant: Int32
    private var last: Fix?
    private var visits: ContiguousArray<Visit> = []

    private struct Fix {
        var row: Int
        var time: Seconds
        var latitude: Degrees
        var longitude: Degrees
        var accuracy: Meters?
    }

    /// A fence the participant is in (perhaps with an exit pending).
    private struct Visit {
        var fence: Int32
        var enterTime: Seconds
        var dwellReported = false
        var exit: PendingExit?
    }

    private struct PendingExit {
        /// The interpolated boundary time.
        var time: Seconds
        /// Consecutive fixes beyond the margin, and the time of the first of them.
        var beyondCount = 0
        var beyondSince: Seconds = 0
    }

    /// A tracker for `participant` that has seen no fix yet.
    public init(participant: Int32) {
        self.participant = participant
    }

    /// The fences the participant is in, ascending (those with an unconfirmed exit included).
    public var fencesInside: [Int] { visits.map { Int($0.fence) }.sorted() }

    /// Starts over for another participant, keeping the buffers.
    mutating func restart(participant: Int32) {
        self.participant = participant
        last = nil
        visits.removeAll(keepingCapacity: true)
    }

    /// Screens one fix and, if it is accepted, emits the events it reveals.
    ///
    /// - Parameters:
    ///   - row: the fix's identifier reported as ``FenceEvent/fixIndex`` and in the screening report.
    ///   - time: the fix's time in seconds; fixes come in time order.
    ///   - latitude: the fix's latitude in degrees.
    ///   - longitude: the fix's longitude in degrees.
    ///   - accuracyMeters: horizontal accuracy, `nil` when unknown; a value that is not a
    ///     finite number of at least 0 makes the fix ``FixRejection/invalid``.
    ///   - workspace: the shared state; the same one for every fix of every participant.
    ///   - emit: called with each event, in the order described above.
    /// - Returns: why the fix was rejected, or `nil` when it was used.
    @discardableResult
    public mutating func ingest(
        row: Int, time: Seconds, latitude: Degrees, longitude: Degrees,
        accuracyMeters: Meters?, workspace: inout EventWorkspace,
        emit: (FenceEvent) -> Void
    ) -> FixRejection? {
        let fix = Fix(row: row, time: time, latitude: latitude, longitude: longitude, accuracy: accuracyMeters)
        let (rejection, stepMeters, cosMid) = screen(fix, maximumSpeed: workspace.rules.maximumSpeedMetersPerSecond)
        if let rejection {
            workspace.report.recordRejected(rejection, participant: participant, row: row)
            return rejection
        }
        workspace.report.recordAccepted()
        workspace.locate(latitude: latitude, longitude: longitude)
        updateVisits(fix, stepMeters: stepMeters, &workspace, emit)
        enterFences(fix, stepMeters: stepMeters, &workspace, emit)
        if workspace.rules.detectsCrossings, let previous = last, stepMeters > 0 {
            reportCrossings(from: previous, to: fix, stepMeters: stepMeters, cosMidLatitude: cosMid, &workspace, emit)
        }
        last = fix
        return nil
    }

    /// The first reason to reject the fix, and otherwise its distance from the last accepted fix
    /// and the cosine of their mid-latitude (NaN when the step did not need it).
    private func screen(_ fix: Fix, maximumSpeed: Double) -> (FixRejection?, Meters, Double) {
        let validAccuracy = fix.accuracy.map { $0.isFinite && $0 >= 0 } ?? true
        guard fix.time.isFinite, fix.latitude.isFinite, abs(fix.latitude) <= 90,
            fix.longitude.isFinite, abs(fix.longitude) <= 180, validAccuracy
        else { return (.invalid, 0, .nan) }
        guard let last else { return (nil, 0, .nan) }
        if fix.time < last.time { return (.outOfOrder, 0, .nan) }
        if fix.time == last.time { return (.duplicate, 0, .nan) }
        let (step, cosMid) = Self.stepMeters(from: last, to: fix)
        if step > maximumSpeed * (fix.time - last.time) { return (.impossibleSpeed, 0, .nan) }
        return (nil, step, cosMid)
    }

    /// The distance between two consecutive fixes. The short steps of a 1 Hz track (under
    /// 0.01°, away from the poles) take the equirectangular formula at the mid-latitude, one
    /// cosine (``cosineOfLatitude(radians:)``, no libm call) instead of haversine's five
    /// trigonometric calls; its relative error there is below 10⁻⁷ (Snyder, "Map Projections —
    /// A Working Manual", §12), far inside what speeds and interpolated times need. Longer steps
    /// take the haversine.
    /// Also returns that cosine of the mid-latitude, for the segment's bounding box (NaN after
    /// the haversine).
    private static func stepMeters(from a: Fix, to b: Fix) -> (Meters, Double) {
        let dLat = b.latitude - a.latitude, dLon = b.longitude - a.longitude
        guard abs(dLat) < 0.01, abs(dLon) < 0.01, abs(a.latitude) < 85 else {
            return (Haversine.distanceMeters(a.latitude, a.longitude, b.latitude, b.longitude), .nan)
        }
        let k = Earth.radiansPerDegree
        let cosMid = cosineOfLatitude(radians: (a.latitude + b.latitude) * 0.5 * k)
        let x = dLon * k * cosMid, y = dLat * k
        return (Earth.meanRadiusMeters * (x * x + y * y).squareRoot(), cosMid)
    }

    /// Advances every visit by one fix: cancels, starts or confirms exits and reports dwells.
    private mutating func updateVisits(
        _ fix: Fix, stepMeters: Meters, _ workspace: inout EventWorkspace,
        _ emit: (FenceEvent) -> Void
    ) {
        guard !visits.isEmpty else { return }
        let rules = workspace.rules
        var kept = 0
        for i in visits.indices {
            var visit = visits[i]
            workspace.mark(visit.fence)
            let fence = Int(visit.fence)
            if workspace.containing.contains(visit.fence) {
                visit.exit = nil
                if !visit.dwellReported, fix.time >= visit.enterTime + rules.minimumDwellSeconds {
                    emit(event(.dwell, fence, at: visit.enterTime + rules.minimumDwellSeconds, fix, workspace))
                    visit.dwellReported = true
                }
            } else {
                // The visit was inside at the previous fix, so the boundary lies on this segment.
                var exit =
                    visit.exit
                    ?? PendingExit(
                        time: boundaryTime(
                            fence, to: fix, stepMeters: stepMeters,
                            workspace, last: true))
                let distance = workspace.index.fences[fence].signedDistanceMeters(
                    latitude: fix.latitude,
                    longitude: fix.longitude)
                if distance > rules.exitMarginMeters {
                    if exit.beyondCount == 0 { exit.beyondSince = fix.time }
                    exit.beyondCount += 1
                    if exit.beyondCount >= rules.exitConfirmFixes,
                        fix.time - exit.beyondSince >= rules.exitConfirmSeconds
                    {
                        if !visit.dwellReported, exit.time - visit.enterTime >= rules.minimumDwellSeconds {
                            emit(
                                event(
                                    .dwell, fence, at: visit.enterTime + rules.minimumDwellSeconds, fix, workspace,
                                    distance: distance))
                        }
                        emit(
                            event(
                                .exit, fence, at: exit.time, fix, workspace, distance: distance,
                                duration: exit.time - visit.enterTime))
                        continue
                    }
                } else {
                    exit.beyondCount = 0
                }
                visit.exit = exit
            }
            visits[kept] = visit
            kept += 1
        }
        if kept < visits.count { visits.removeLast(visits.count - kept) }
    }

    /// Enters the fences that contain the fix and the participant is not yet in.
    private mutating func enterFences(
        _ fix: Fix, stepMeters: Meters, _ workspace: inout EventWorkspace,
        _ emit: (FenceEvent) -> Void
    ) {
        guard !workspace.containing.isEmpty else { return }
        let rules = workspace.rules
        guard rules.allowsEntering(accuracyMeters: fix.accuracy) else { return }
        for fence in workspace.containing where !visits.contains(where: { $0.fence == fence }) {
            let f = Int(fence)
            var enterTime = fix.time
            if let previous = last,
                !workspace.index.fences[f].contains(latitude: previous.latitude, longitude: previous.longitude)
            {
                enterTime = boundaryTime(f, to: fix, stepMeters: stepMeters, workspace, last: false)
            }
            emit(event(.enter, f, at: enterTime, fix, workspace))
            var visit = Visit(fence: fence, enterTime: enterTime)
            if fix.time >= enterTime + rules.minimumDwellSeconds {
                emit(event(.dwell, f, at: enterTime + rules.minimumDwellSeconds, fix, workspace))
                visit.dwellReported = true
            }
            visits.append(visit)
        }
    }

    /// Reports the fences the segment passes through with both ends outside.
    private func reportCrossings(
        from previous: Fix, to fix: Fix, stepMeters: Meters, cosMidLatitude: Double,
        _ workspace: inout EventWorkspace, _ emit: (FenceEvent) -> Void
    ) {
        workspace.collectCandidates(
            fromLatitude: previous.latitude, longitude: previous.longitude,
            toLatitude: fix.latitude, longitude: fix.longitude, lengthMeters: stepMeters,
            cosMidLatitude: cosMidLatitude)
        guard !workspace.candidates.isEmpty else { return }
        for fence in workspace.candidates {
            let f = Int(fence)
            guard
                let crossing = workspace.boundaries[f].crossings(
                    fromLatitude: previous.latitude, longitude: previous.longitude,
                    toLatitude: fix.latitude, longitude: fix.longitude),
                !workspace.index.fences[f].contains(latitude: previous.latitude, longitude: previous.longitude)
            else { continue }
            let enter = time(at: crossing.first, from: previous, to: fix, stepMeters: stepMeters)
            let leave = time(at: crossing.last, from: previous, to: fix, stepMeters: stepMeters)
            emit(event(.cross, f, at: enter, fix, workspace, duration: leave - enter))
        }
    }

    /// The time the segment from the last accepted fix to `fix` crosses the fence's boundary:
    /// the first crossing (entering) or the last (leaving); the fix's own time when rounding
    /// leaves no crossing on the segment.
    private func boundaryTime(
        _ fence: Int, to fix: Fix, stepMeters: Meters, _ workspace: EventWorkspace,
        last isLast: Bool
    ) -> Seconds {
        guard let previous = last,
            let crossing = workspace.boundaries[fence].crossings(
                fromLatitude: previous.latitude, longitude: previous.longitude,
                toLatitude: fix.latitude, longitude: fix.longitude)
        else { return fix.time }
        return time(at: isLast ? crossing.last : crossing.first, from: previous, to: fix, stepMeters: stepMeters)
    }

    /// The time at `point` on the segment, linear in haversine distance from its start.
    private func time(at point: Coordinate, from a: Fix, to b: Fix, stepMeters: Meters) -> Seconds {
        guard stepMeters > 0 else { return b.time }
        let fraction = min(
            1, Haversine.distanceMeters(a.latitude, a.longitude, point.latitude, point.longitude) / stepMeters)
        return a.time + fraction * (b.time - a.time)
    }

    private func event(
        _ kind: FenceEventKind, _ fence: Int, at time: Seconds, _ fix: Fix,
        _ workspace: EventWorkspace, distance: Meters? = nil, duration: Seconds? = nil
    ) -> FenceEvent {
        let distance =
            distance
            ?? workspace.index.fences[fence].signedDistanceMeters(
                latitude: fix.latitude,
                longitude: fix.longitude)
        return FenceEvent(
            kind: kind, participant: participant, fence: fence, time: time, fixIndex: fix.row,
            distanceMeters: distance, accuracyMeters: fix.accuracy, durationSeconds: duration)
    }
}
