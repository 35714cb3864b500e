internal import CProj

/// Batch transformation in place over contiguous memory, through PROJ's `proj_trans_generic`.
///
/// Every form overwrites its input with the result and returns the number of points PROJ could
/// not transform. PROJ sets both coordinates of such a point to infinity (`HUGE_VAL`); a point is
/// counted as failed when its x or y is not finite afterwards (a NaN input fails too). The
/// result is not discardable: check it.
///
/// Each point gets bit for bit the result of ``CoordinateTransformation/transform(x:y:)``.
/// The whole batch runs under the transformation's lock (see the type's thread-safety notes).
///
/// - Complexity: O(n) — one `proj_trans` per point, plus one pass to count failures.
extension CoordinateTransformation {
    /// Transforms points held as two separate columns, `x[i]` and `y[i]` being point `i`.
    /// - Precondition: `x.count == y.count`.
    /// - Returns: the number of points that failed (their x and y are now not finite).
    public func transform(x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>) -> Int {
        precondition(x.count == y.count, "x has \(x.count) values but y has \(y.count)")
        guard let xBase = x.baseAddress, let yBase = y.baseAddress else { return 0 }
        return transform(x: xBase, y: yBase, strideBytes: MemoryLayout<Double>.stride, count: x.count).failed
    }

    /// Transforms the points in two arrays of equal length.
    /// - Precondition: `x.count == y.count`.
    /// - Returns: the number of points that failed (their x and y are now not finite).
    public func transform(x: inout [Double], y: inout [Double]) -> Int {
        x.withUnsafeMutableBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in transform(x: x, y: y) }
        }
    }

    /// Transforms points stored interleaved, `x0, y0, x1, y1, …` (a stride of 16 bytes).
    /// - Precondition: `interleaved.count` is even.
    /// - Returns: the number of points that failed (their x and y are now not finite).
    public func transform(interleaved: UnsafeMutableBufferPointer<Double>) -> Int {
        precondition(
            interleaved.count.isMultiple(of: 2), "an interleaved x, y buffer has an odd count \(interleaved.count)")
        guard let base = interleaved.baseAddress else { return 0 }
        return transform(
            x: base, y: base + 1, strideBytes: 2 * MemoryLayout<Double>.stride,
            count: interleaved.count / 2
        ).failed
    }

    /// Transforms points stored interleaved in an array, `[x0, y0, x1, y1, …]`.
    /// - Precondition: `interleaved.count` is even.
    /// - Returns: the number of points that failed (their x and y are now not finite).
    public func transform(interleaved: inout [Double]) -> Int {
        interleaved.withUnsafeMutableBufferPointer { transform(interleaved: $0) }
    }

    /// The strided core: `count` points, x at `x + i·strideBytes`, y at `y + i·strideBytes`.
    /// - Returns: the number of points whose x or y is not finite afterwards and, when there are
    ///   any, PROJ's error for the last of them.
    func transform(
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, strideBytes: Int, count: Int
    ) -> (failed: Int, error: ProjectionError?) {
        guard count > 0 else { return (0, nil) }
        return handle.withObject { object in
            _ = libproj.proj_trans_generic(
                object, direction, x, strideBytes, count, y, strideBytes, count,
                nil, 0, 0, nil, 0, 0)
            let xs = UnsafeRawPointer(x), ys = UnsafeRawPointer(y)
            var failed = 0
            for offset in stride(from: 0, to: count * strideBytes, by: strideBytes) {
                let isFinite =
                    xs.load(fromByteOffset: offset, as: Double.self).isFinite
                    && ys.load(fromByteOffset: offset, as: Double.self).isFinite
                failed &+= isFinite ? 0 : 1
            }
            guard failed > 0 else { return (0, nil) }
            return (failed, handle.failure("transforming \(count) points with \(self): \(failed) failed"))
        }
    }
}
