import PostgresNIO
import Synchronization

extension PostgresConnection {
    /// Runs `body`, which uses this connection, and throws ``PostgresStoreError`` once the
    /// connection has been closed for `grace` without `body` returning.
    ///
    /// postgres-nio drops a statement written to a connection that closed a moment before
    /// without failing it (the write fails, and nobody waiting is told), so its `query` never
    /// returns: a store call made as PostgreSQL went down would wait forever, and with it
    /// everything queued behind it. A statement the connection was running when it closed fails
    /// at once; `grace` lets that error win. An abandoned `body` stays suspended (a task and what
    /// it holds, once per statement lost that way), so a connection already closed fails at once
    /// without running `body`: only a close in the instant before a write leaves a task behind.
    func answering<T: Sendable>(
        within grace: Duration = .milliseconds(500), _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        if isClosed { throw Self.closedWithoutAnswering }
        let answer = FirstAnswer<T>()
        let work = Task {
            do { answer.settle(.success(try await body())) } catch { answer.settle(.failure(error)) }
        }
        let watch = Task { [self] in
            while !isClosed {
                do { try await Task.sleep(for: Self.closeCheckInterval) } catch { return }
            }
            do { try await Task.sleep(for: grace) } catch { return }
            answer.settle(.failure(Self.closedWithoutAnswering))
        }
        defer { watch.cancel() }
        return try await withTaskCancellationHandler {
            try await answer.value()
        } onCancel: {
            work.cancel()
        }
    }

    /// How often ``answering(within:_:)`` looks whether the connection closed.
    static let closeCheckInterval = Duration.milliseconds(100)

    /// What ``answering(within:_:)`` throws for a statement on a closed connection.
    static let closedWithoutAnswering = PostgresStoreError("the connection to PostgreSQL closed without answering")
}

/// The first of several possible outcomes, handed to the one caller waiting for it.
private final class FirstAnswer<T: Sendable>: Sendable {
    private enum State {
        case pending(CheckedContinuation<T, any Error>?)
        case settled(Result<T, any Error>)
    }

    private let state = Mutex<State>(.pending(nil))

    /// Records `outcome` unless another came first, and hands it to the waiting caller.
    func settle(_ outcome: Result<T, any Error>) {
        let waiting: CheckedContinuation<T, any Error>? = state.withLock { state in
            guard case .pending(let continuation) = state else { return nil }
            state = .settled(outcome)
            return continuation
        }
        waiting?.resume(with: outcome)
    }

    /// The first outcome, once there is one. Call once.
    func value() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let settled: Result<T, any Error>? = state.withLock { state in
                switch state {
                case .settled(let outcome): return outcome
                case .pending:
                    state = .pending(continuation)
                    return nil
                }
            }
            if let settled { continuation.resume(with: settled) }
        }
    }
}
