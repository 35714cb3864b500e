import Foundation

/// Runs async operations one after another, in the order they were submitted, even across
/// their suspension points (an actor alone would interleave them at every `await`).
final class SerialQueue: @unchecked Sendable {
    // Guarded by `lock`: the task the next operation waits for.
    private var tail: Task<Void, Never>?
    private let lock = NSLock()

    /// Runs `operation` after every operation submitted before it has finished.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let task: Task<T, any Error> = lock.withLock {
            let previous = tail
            let task = Task<T, any Error> {
                await previous?.value
                return try await operation()
            }
            tail = Task { _ = await task.result }
            return task
        }
        return try await task.value
    }
}
