import Dispatch

/// Elapsed wall time on a monotonic clock, for the timings commands report.
struct Stopwatch {
    private let start = DispatchTime.now().uptimeNanoseconds

    /// Seconds since the stopwatch was made.
    var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
