import Foundation

/// Runs async operations one after another, in the order they were submitted, even across
/// their suspension points (an actor alone would interleave them at every `await`).
///
/// Each operation runs in a task of its own, so a caller that is cancelled while it waits does
/// not cancel an operation others depend on (a group commit carries other callers' entries).
final class SerialQueue: @unchecked Sendable {
    // Guarded by `lock`: what the next operation waits for (the last one's end).
    private var tail: (@Sendable () async -> Void)?
    private let lock = NSLock()

    /// Runs `operation` after every operation submitted before it has finished.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let task: Task<T, any Error> = lock.withLock {
            let previous = tail
            let task = Task<T, any Error> {
                await previous?()
                return try await operation()
            }
            tail = { _ = await task.result }
            return task
        }
        return try await task.value
    }
}
