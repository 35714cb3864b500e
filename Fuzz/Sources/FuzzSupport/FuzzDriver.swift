#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer's driver, in the fuzzer runtime that `-sanitize=fuzzer` links.
// swift-format-ignore: AlwaysUseLowerCamelCase
// The C symbol's own name.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The input function libFuzzer's runtime names; it hands each input to the running target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.body?(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// Runs libFuzzer with the process's arguments, handing it each input to `body`.
///
/// Each target is an ordinary executable whose top-level code calls ``run(_:)``: SwiftPM renames
/// an executable's entry point and aliases `main` to it, which a target built with
/// `-parse-as-library` (libFuzzer's usual recipe) does not have, so the target's own `main`
/// starts libFuzzer's driver instead of the runtime's.
public enum FuzzDriver {
    nonisolated(unsafe) fileprivate static var body: ((UnsafeBufferPointer<UInt8>) -> Void)?

    /// Fuzzes `body` until libFuzzer stops (time limit, run count or a finding), then exits
    /// with libFuzzer's status. `body` must return for any input: a trap is a finding.
    public static func run(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
        Self.body = body
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv, fuzzerTestOneInput)
        exit(status)
    }
}
