import Dispatch
import Synchronization

/// Numbered jobs shared among a fixed number of threads: each thread takes the next job nobody has
/// taken yet, until none is left.
///
/// A job given to a thread in advance waits for that thread; on a machine whose cores other
/// processes also use, one held-up thread then holds up the whole result. Taking jobs as threads
/// free up spreads the work over whatever each core gives, so a caller splits its work into a few
/// jobs per thread (docs/architecture.md, "Speed").
public enum ParallelJobs {
    /// Runs `job(0)` … `job(count − 1)`, each once, on at most `workers` threads at once (the
    /// calling thread among them); returns when all have run.
    /// - Parameters:
    ///   - count: How many jobs.
    ///   - workers: The most threads at once, the calling thread included.
    ///   - job: Runs on several threads at once: it may only write state of its own job.
    /// - Precondition: `count` ≥ 0, `workers` ≥ 1.
    public static func perform(count: Int, workers: Int, _ job: (Int) -> Void) {
        precondition(count >= 0 && workers >= 1)
        let threads = min(workers, count)
        guard threads > 1 else {
            for index in 0..<count { job(index) }
            return
        }
        let next = Atomic<Int>(0)
        withoutActuallyEscaping(job) { job in
            // `job` promises to write only its own job's state.
            nonisolated(unsafe) let job = job
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < count else { return }
                    job(index)
                }
            }
        }
    }

    /// How many jobs to cut work into for `threads` threads: one for one thread (no cost), else
    /// `jobsPerThread` each.
    public static func jobCount(threads: Int) -> Int {
        threads <= 1 ? 1 : threads * jobsPerThread
    }

    /// Jobs per thread when there are several: enough for a thread on a busy core to hand most
    /// of its share to the others, few enough that each job stays large.
    public static let jobsPerThread = 8
}
