/// The times of one participant's fixes seen so far, to tell a fix repeated within a group of
/// submissions: a sorted array, so a fix later than every other (a track's usual order) costs
/// one comparison and an append, where a set hashed every time.
struct FixTimes: Sendable {
    private var times: [Double] = []

    /// Adds `time`; `false` when it was there already.
    mutating func insert(_ time: Double) -> Bool {
        guard let last = times.last, time <= last else {
            times.append(time)
            return true
        }
        var low = 0
        var high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < time { low = mid + 1 } else { high = mid }
        }
        guard times[low] != time else { return false }
        times.insert(time, at: low)
        return true
    }
}
