/// Names for the ASCII bytes the byte-level readers (XML, GPX, CSV, timestamps) look for, so a
/// scanner reads `ASCII.lessThan` where it would otherwise say `0x3C`.
///
/// Plain stored constants: the optimizer folds them, so they cost nothing in a hot loop.
enum ASCII {
    static let nul: UInt8 = 0x00
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamationMark: UInt8 = 0x21
    static let quotationMark: UInt8 = 0x22
    static let numberSign: UInt8 = 0x23
    static let ampersand: UInt8 = 0x26
    static let apostrophe: UInt8 = 0x27
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let hyphenMinus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let lessThan: UInt8 = 0x3C
    static let equals: UInt8 = 0x3D
    static let greaterThan: UInt8 = 0x3E
    static let questionMark: UInt8 = 0x3F
    static let uppercaseA: UInt8 = 0x41
    static let uppercaseF: UInt8 = 0x46
    static let uppercaseT: UInt8 = 0x54
    static let uppercaseZ: UInt8 = 0x5A
    static let leftBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let lowercaseA: UInt8 = 0x61
    static let lowercaseF: UInt8 = 0x66
    static let lowercaseN: UInt8 = 0x6E
    static let lowercaseT: UInt8 = 0x74
    static let lowercaseX: UInt8 = 0x78
    static let lowercaseZ: UInt8 = 0x7A
    static let leftBrace: UInt8 = 0x7B
    static let rightBrace: UInt8 = 0x7D
    static let delete: UInt8 = 0x7F
    /// The first byte that is not ASCII: every byte of a multi-byte UTF-8 character is at least this.
    static let firstNonASCII: UInt8 = 0x80

    /// A decimal digit `0`…`9`.
    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b &- zero < 10 }
}
