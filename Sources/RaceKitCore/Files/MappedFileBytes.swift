import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileBytes {
    /// Calls `body` with the bytes of the file at `path` mapped into memory read-only: the large
    /// readers' way in, with no copy of the file and no zeroed buffer to fill (reading a 164 MB
    /// file into an array takes longer than parsing it on two cores).
    ///
    /// The mapping is private and read-only, so nothing can write to the file through it. Where a
    /// file cannot be mapped, its bytes are read as ``read(_:)`` reads them. A file that another
    /// program truncates while `body` runs ends the process with `SIGBUS`, as with any mapped
    /// file; a file that only grows is read as it was when mapped.
    /// - Throws: ``InputError`` as ``read(_:)``, or what `body` throws.
    public static func withMapped<Result>(
        _ path: String, _ body: (UnsafeBufferPointer<UInt8>) throws(InputError) -> Result
    ) throws(InputError) -> Result {
        let (file, size) = try openRegularFile(path)
        defer { try? file.close() }
        guard size > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        // Pages are faulted in by the threads that read them (the kernel maps neighbours too);
        // populating the whole mapping first is one thread's work before the others start.
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, file.rawValue, 0), mapping != MAP_FAILED else {
            return try read(path).withUnsafeBufferPointer { bytes throws(InputError) in try body(bytes) }
        }
        defer { munmap(mapping, size) }
        return try body(UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: size))
    }
}
