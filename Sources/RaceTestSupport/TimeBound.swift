/// Bounds for tests of something that might never return (a statement nobody answers, an
/// actor held by a loop): Swift Testing's time limit cannot stop a task that never yields.
public enum TimeBound {
    /// `body`'s error (`.some(nil)` when it returned), or `nil` when it has not finished within
    /// `limit`. A test stays bounded either way; a body that never returns leaves its task behind.
    public static func outcome(within limit: Duration, of body: @escaping @Sendable () async throws -> Void) async
        -> (any Error)??
    {
        let (finishes, finished) = AsyncStream.makeStream(of: (any Error)?.self)
        let work = Task {
            do {
                try await body()
                finished.yield(nil)
            } catch { finished.yield(error) }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            finished.finish()
        }
        defer {
            work.cancel()
            timer.cancel()
        }
        for await outcome in finishes { return .some(outcome) }
        return nil
    }
}
