import Foundation
import Logging
import PostgresNIO
import RaceLive
import Synchronization

extension PostgresLiveStore {
    /// The channel migration 4's triggers notify: `"<sequence> <race id>"` once per statement
    /// that appends to a race's log, `"file <race id>"` when a race's file is replaced.
    static let announcementChannel = "racekit_log"

    /// Every instance's appends and race file changes, heard on a connection of this store's
    /// own that LISTENs on the channel `racekit_log`.
    ///
    /// postgres-nio does not LISTEN again after a dropped connection, so this reconnects (with
    /// backoff, 50 ms doubling to 2 s) and says `LogAnnouncement.resubscribed` each time the
    /// LISTEN is in place, the first time included: whoever listens then reads the log after
    /// its last sequence number, and nothing sent while nobody listened is missed.
    public func logAnnouncements() -> AsyncStream<LogAnnouncement> {
        let (stream, continuation) = AsyncStream.makeStream(of: LogAnnouncement.self)
        let url = self.url
        let logger = self.logger
        let task = Task {
            var failures = 0
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(
                        configuration: try url.connectionConfiguration(), id: 1, logger: logger)
                    let listening = Atomic(false)
                    var interruption: (any Error)?
                    do {
                        try await connection.answering {
                            try await connection.listen(on: Self.announcementChannel) { notifications in
                                listening.store(true, ordering: .relaxed)
                                continuation.yield(.resubscribed)
                                for try await notification in notifications {
                                    if let announcement = LogAnnouncement(notification: notification.payload) {
                                        continuation.yield(announcement)
                                    }
                                }
                            }
                        }
                    } catch {
                        interruption = error
                    }
                    if listening.load(ordering: .relaxed) { failures = 0 }
                    try? await connection.close()
                    if let interruption { throw interruption }
                } catch {
                    if Task.isCancelled { break }
                    logger.warning(
                        "log announcements interrupted; listening again",
                        metadata: ["error": .string(String(reflecting: error))])
                }
                failures += 1
                let backoff = min(2.0, 0.05 * pow(2, Double(min(failures, 10) - 1)))
                try? await Task.sleep(for: .seconds(backoff))
            }
            continuation.finish()
        }
        listeners.withLock { $0.append(task) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

extension LogAnnouncement {
    /// The announcement a notification's payload says; `nil` for a payload of another format.
    init?(notification payload: String) {
        guard let space = payload.firstIndex(of: " ") else { return nil }
        let head = payload[..<space]
        let raceID = String(payload[payload.index(after: space)...])
        guard !raceID.isEmpty else { return nil }
        if head == "file" {
            self = .raceFileChanged(raceID: raceID)
        } else if let sequence = Int64(head) {
            self = .appended(raceID: raceID, sequence: sequence)
        } else {
            return nil
        }
    }
}
