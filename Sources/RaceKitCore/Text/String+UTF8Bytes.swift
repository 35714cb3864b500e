extension String {
    /// Calls `body` with the string's UTF-8 bytes, passing on its `InputError`: how the readers
    /// that parse bytes take text given in code. The bytes are the string's own when it is native
    /// and contiguous (a bridged string is made so first).
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws(InputError) -> R) throws(InputError) -> R {
        var text = self
        return try text.withUTF8 { bytes in Result { () throws(InputError) in try body(bytes) } }.get()
    }
}
