internal import CProj
import Foundation

/// Owns one PROJ context and one PROJ object created in it, and frees both in `deinit`.
///
/// PROJ objects and contexts are not thread-safe: PROJ's rule is one context per thread
/// (<https://proj.org/en/9.1/development/threads.html>). Each handle has its own context and every
/// use goes through ``withObject(_:)``, which holds `lock`; so a handle may be shared between
/// threads and its calls are serialised. That is what `@unchecked Sendable` promises here.
///
/// PROJ's log for the context is captured (not printed to stderr): its last line becomes the
/// ``ProjectionError/message`` of a failure, since PROJ's error numbers alone are often vague
/// (an unknown EPSG code is "Unknown error (code 4096)", the log says "crs not found").
final class ProjHandle: @unchecked Sendable {
    /// The last line PROJ logged in this handle's context. Written by PROJ's log callback.
    private final class Log {
        var lastLine: String?
    }

    private let lock = NSLock()
    private let log: Log
    private let context: OpaquePointer
    private let object: OpaquePointer

    /// Creates a context and, in it, the object `create` returns.
    /// - Parameters:
    ///   - operation: what is being created, for the error (`creating EPSG:4326 → EPSG:32632`).
    ///   - create: makes the object in the given context; returns `nil` when PROJ fails, and then
    ///     must have freed anything else it made.
    /// - Throws: ``ProjectionError`` with PROJ's error number, its text and PROJ's last log line,
    ///   or why PROJ's library could not be opened.
    init(operation: String, create: (_ context: OpaquePointer) -> OpaquePointer?) throws(ProjectionError) {
        if case .failure(let error) = ProjLibrary.loaded { throw error }
        guard let context = libproj.proj_context_create() else {
            throw ProjectionError(operation: operation, code: 0, errnoText: "could not create a PROJ context")
        }
        let log = Log()
        libproj.proj_log_func(context, Unmanaged.passUnretained(log).toOpaque()) { log, _, line in
            guard let log, let line else { return }
            Unmanaged<Log>.fromOpaque(log).takeUnretainedValue().lastLine = String(cString: line)
        }
        guard let object = create(context) else {
            let code = libproj.proj_context_errno(context)
            let error = ProjectionError(
                operation: operation, code: code,
                errnoText: Self.errnoText(context, code),
                message: log.lastLine)
            _ = libproj.proj_context_destroy(context)
            throw error
        }
        self.log = log
        self.context = context
        self.object = object
    }

    deinit {
        _ = libproj.proj_destroy(object)
        _ = libproj.proj_context_destroy(context)
    }

    /// Runs `body` with the PROJ object while holding the lock, after clearing its error state.
    func withObject<Result, Failure: Error>(
        _ body: (_ object: OpaquePointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        _ = libproj.proj_errno_reset(object)
        log.lastLine = nil
        return try body(object)
    }

    /// Runs `body` with the context and the PROJ object while holding the lock, for the PROJ calls
    /// that take both (metadata queries such as `proj_get_area_of_use`).
    func withContext<Result, Failure: Error>(
        _ body: (_ context: OpaquePointer, _ object: OpaquePointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withObject { object throws(Failure) in try body(context, object) }
    }

    /// The error for a result that is not finite, from the object's error state.
    /// Call only inside ``withObject(_:)``.
    func failure(_ operation: String) -> ProjectionError {
        let code = libproj.proj_errno(object)
        let text = code == 0 ? "the result is not finite" : Self.errnoText(context, code)
        return ProjectionError(operation: operation, code: code, errnoText: text, message: log.lastLine)
    }

    /// PROJ's text for an error number in `context`.
    private static func errnoText(_ context: OpaquePointer, _ code: Int32) -> String {
        libproj.proj_context_errno_string(context, code).map { String(cString: $0) } ?? "unknown error"
    }
}
