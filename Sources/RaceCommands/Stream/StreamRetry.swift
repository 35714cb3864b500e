import Foundation

/// How a phone retries a request the network or the server did not take: exponential backoff
/// from ``baseSeconds`` doubling to ``capSeconds``, each wait jittered (50–100 %) so phones
/// that failed together do not return together, for at most ``maximumAttempts`` attempts.
struct StreamRetry: Hashable, Sendable {
    var maximumAttempts = 60
    var baseSeconds = 0.05
    var capSeconds = 2.0

    /// The wait after failed attempt `attempt` (1 for the first); `jitter` is uniform in [0, 1).
    func delay(afterAttempt attempt: Int, jitter: Double) -> Double {
        let backoff = min(capSeconds, baseSeconds * pow(2, Double(min(attempt, 30) - 1)))
        return backoff * (0.5 + 0.5 * jitter)
    }

    /// Whether an answer with `status` is worth retrying: the server is overloaded (429), timed
    /// the request out (408) or is failing (5xx); any other 4xx is the server's considered refusal.
    static func isTransient(status: Int) -> Bool { status == 429 || status == 408 || status >= 500 }
}
