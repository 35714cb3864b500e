import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A progress line on standard error for long work, drawn only when standard error is a
/// terminal (never into logs or pipes), at most ten times a second.
final class Progress {
    private let total: Int
    private let label: String
    private var done = 0
    private var lastDrawn = 0.0
    private let enabled = isatty(2) == 1

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    func advance(by count: Int = 1) {
        done += count
        guard enabled else { return }
        let now = Date().timeIntervalSince1970  // display only: never reaches results
        guard now - lastDrawn >= 0.1 || done == total else { return }
        lastDrawn = now
        Standard.error("\r\(label): \(done)/\(total)", terminator: "")
    }

    func finish() {
        guard enabled else { return }
        Standard.error("\r\u{1B}[K", terminator: "")
    }
}
