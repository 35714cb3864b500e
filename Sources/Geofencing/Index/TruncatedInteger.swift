#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// `Int(value)` (rounding toward zero) without its range checks, for a value the caller
/// knows to be a finite number well inside `Int`'s range.
///
/// A cell's row and column come from two such conversions per queried position, and the
/// checks `Int.init(_: Double)` adds (NaN, both ends of the range) were about a tenth of the
/// batch query's instructions. On x86-64 this is the one `cvttsd2si` the checked form ends in
/// (for a value out of range it gives `Int.min`, never a trap or undefined behaviour); elsewhere
/// it is the checked conversion.
@inlinable @inline(__always)
func truncatedInteger(_ value: Double) -> Int {
    assert(abs(value) < 0x1p62, "\(value) is not a number this conversion may take")
    #if arch(x86_64)
    return Int(_mm_cvttsd_si64(_mm_set_sd(value)))
    #else
    return Int(value)
    #endif
}
