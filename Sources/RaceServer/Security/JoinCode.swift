/// Join codes: short enough to read out or type on a phone, as `ABCD-EFGH`, from an alphabet
/// without the look-alikes 0/O, 1/I/L and U (8 symbols of 31: about 40 bits; they expire and
/// are counted, so guessing one is not worth a token).
public enum JoinCode {
    static let alphabet = Array("ABCDEFGHJKMNPQRSTVWXYZ23456789")

    /// A new code from the system's secure generator.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let symbols = (0..<8).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] }
        return String(symbols[0..<4]) + "-" + String(symbols[4...])
    }

    /// The code as typed, made canonical: upper case, without spaces and dashes.
    public static func normalised(_ typed: String) -> String {
        String(typed.uppercased().filter { $0 != "-" && $0 != " " })
    }

    /// The hash the store keeps for a typed code.
    public static func hash(_ typed: String) -> String { SecretToken.hash("join:" + normalised(typed)) }
}
