/// What a store shared by several server instances tells each of them about the others' writes,
/// so that every instance's engines and viewers follow the one log.
///
/// Announcements carry no entries, only where to read from: an instance that hears one reads
/// the log after its own last sequence number. So a lost or merged announcement delays an
/// update and never loses one, and ``resubscribed`` (after a dropped connection) asks for a
/// catch-up of every race.
public enum LogAnnouncement: Hashable, Sendable {
    /// Race `raceID`'s log reached `sequence` (one announcement per append, carrying its last entry).
    case appended(raceID: String, sequence: Int64)
    /// Race `raceID`'s file was replaced (before its start): engines built from the old file are stale.
    case raceFileChanged(raceID: String)
    /// The announcements are flowing again after an interruption; anything may have been missed.
    case resubscribed
}
