/// Splits text into about equal parts that start at the beginning of a line, one per thread.
enum LineAlignedRanges {
    /// `count` consecutive ranges covering `start..<bytes.count`: each ends just after a `\n` (the
    /// last at the end of the text), so no line is split; some may be empty when lines are long.
    /// - Precondition: `count` ≥ 1 and `start` is within the text or at its end.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into count: Int) -> [Range<Int>] {
        precondition(count >= 1 && start >= 0 && start <= bytes.count)
        guard let base = bytes.baseAddress else { return Array(repeating: start..<start, count: count) }
        let end = bytes.count
        var ranges: [Range<Int>] = []
        var lower = start
        for part in 1...count {
            var upper = end
            if part < count {
                // The part's share of the bytes, moved on to the next line's start.
                let target = Swift.max(lower, start + (end - start) / count * part)
                upper = target == end ? end : Swift.min(end, LineFeedSearch.next(in: base, from: target, to: end) + 1)
            }
            ranges.append(lower..<upper)
            lower = upper
        }
        return ranges
    }
}
