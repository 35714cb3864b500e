import Synchronization
import Testing

@testable import RaceKitCore

/// Every job runs exactly once, whatever the number of jobs and threads, and never on more
/// threads at once than asked.
@Suite struct ParallelJobsTests {
    @Test(arguments: [0, 1, 2, 7, 64, 1_000])
    func everyJobOnce(count: Int) {
        for workers in [1, 2, 3, 8] {
            let runs = Mutex([Int](repeating: 0, count: count))
            let running = Atomic<Int>(0), mostRunning = Atomic<Int>(0)
            ParallelJobs.perform(count: count, workers: workers) { index in
                let now = running.wrappingAdd(1, ordering: .relaxed).newValue
                mostRunning.max(now, ordering: .relaxed)
                runs.withLock { $0[index] += 1 }
                running.wrappingSubtract(1, ordering: .relaxed)
            }
            #expect(runs.withLock { $0.allSatisfy { $0 == 1 } }, "\(count) jobs, \(workers) workers")
            #expect(mostRunning.load(ordering: .relaxed) <= workers)
        }
    }

    @Test func oneJobForOneThreadSeveralForMore() {
        #expect(ParallelJobs.jobCount(threads: 1) == 1)
        #expect(ParallelJobs.jobCount(threads: 2) == 2 * ParallelJobs.jobsPerThread)
    }
}
