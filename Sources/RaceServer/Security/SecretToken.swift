import Crypto

/// Secrets handed to clients (organiser, participant and device tokens): 256 bits from the
/// system's secure generator, as 64 hex digits. The server keeps only their SHA-256 hashes
/// (``hash(_:)``), so a copy of the database gives no one a working token.
public enum SecretToken {
    /// A new token: 32 bytes from `SystemRandomNumberGenerator` (the OS's CSPRNG), hex.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return hex(bytes)
    }

    /// The lower-case hex SHA-256 of `secret`: what the store keeps and looks up.
    public static func hash(_ secret: String) -> String {
        SHA256.hash(data: Array(secret.utf8)).withUnsafeBytes { hex($0) }
    }

    /// Whether two hashes are equal, in time that does not depend on where they differ.
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    static func hex(_ bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            var i = 0
            for byte in bytes {
                out[i] = hexDigit(byte >> 4)
                out[i + 1] = hexDigit(byte & 15)
                i += 2
            }
            return i
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
