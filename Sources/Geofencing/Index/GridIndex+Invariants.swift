// Compiled in with `-Xswiftc -DRACEKIT_INVARIANTS` (e.g. `swift test -Xswiftc -DRACEKIT_INVARIANTS`).
#if RACEKIT_INVARIANTS
extension GridIndex {
    /// Checks the structure after building: every fence is registered in the cell of its own
    /// centre or on the oversized list, runs tile `entries` without overlap, and every run is sorted and in range.
    func checkInvariants() {
        var covered = 0, previousEnd = 0
        storage.forEachCell { key, start, end in
            precondition(start < end && end <= storage.entries.count, "bad run")
            precondition(!storage.usesRectangle || start == previousEnd, "rectangle's runs out of order")
            previousEnd = end
            covered += end - start
            let run = storage.entries[start..<end]
            precondition(zip(run, run.dropFirst()).allSatisfy { $0 < $1 }, "run not sorted")
            precondition(run.allSatisfy { $0 >= 0 && Int($0) < fences.count }, "fence out of range")
            let found = storage.run(of: key)
            precondition(found.start == start && found.end == end, "cell's run not found by its key")
        }
        precondition(covered == storage.entries.count, "runs do not tile the entries")
        precondition(
            zip(storage.oversized, storage.oversized.dropFirst()).allSatisfy { $0 < $1 }, "oversized list not sorted")
        for (index, fence) in fences.enumerated() where !storage.oversized.contains(Int32(index)) {
            let centre = fence.boundingCircle.centre
            let row = storage.layout.row(latitude: centre.latitude)
            let run = storage.run(
                of: GridLayout.key(row: row, column: storage.layout.column(longitude: centre.longitude, row: row)))
            precondition(
                storage.entries[run.start..<run.end].contains(Int32(index)), "fence \(index) missing from its cell")
        }
    }
}
#endif
