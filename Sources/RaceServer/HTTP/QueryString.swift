import Hummingbird

/// A request's query string, read the way Hummingbird's `URI.queryParameters` reads it (pairs
/// split at `&`, empty ones too but for one after a final `&`; the key runs to the first `=`,
/// and a pair without one is a key with an empty value; values percent-decoded, `+` kept as
/// typed, a malformed escape leaves the value as typed), straight from its bytes.
///
/// Every Traccar Client fix arrives as a query string, and `queryParameters` builds its
/// dictionary through a parser that decodes one character at a time: on that route it cost more
/// than storing the fix (docs/live-server.md, "Speed").
struct QueryString: Sendable {
    /// The text after the `?`, without it.
    let text: String

    /// The query of `text` (empty when there is none).
    init(_ text: String?) {
        self.text = text ?? ""
    }

    /// The query of the request's URI.
    init(of request: Request) {
        self.init(request.uri.query)
    }

    /// The value of the first pair whose key is `name`.
    func value(named name: String) -> String? {
        var found: String?
        forEachPair { key, value in
            guard key.elementsEqual(name.utf8) else { return true }
            found = Self.decoded(value)
            return false
        }
        return found
    }

    /// The first non-empty value among `names`, tried in order (each name's first pair).
    func value(namedAnyOf names: [String]) -> String? {
        for name in names {
            if let value = value(named: name), !value.isEmpty { return value }
        }
        return nil
    }

    /// Every pair, in the order of the query.
    var pairs: [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        forEachPair { key, value in
            result.append((String(decoding: key, as: UTF8.self), Self.decoded(value)))
            return true
        }
        return result
    }

    /// Calls `body` with each pair's key and (still encoded) value until it returns false.
    private func forEachPair(_ body: (Slice<UnsafeBufferPointer<UInt8>>, Slice<UnsafeBufferPointer<UInt8>>) -> Bool) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
                let value = equals < end ? bytes[(equals + 1)..<end] : bytes[end..<end]
                if !body(bytes[start..<equals], value) { return }
                start = end + 1
            }
        }
    }

    /// `value` with its `%XX` escapes decoded; as typed when one is malformed.
    private static func decoded(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard value.contains(UInt8(ascii: "%")) else { return String(decoding: value, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.count)
        var i = value.startIndex
        while i < value.endIndex {
            let byte = value[i]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                i += 1
                continue
            }
            guard i + 2 < value.endIndex, let high = hexDigit(value[i + 1]), let low = hexDigit(value[i + 2]) else {
                return String(decoding: value, as: UTF8.self)
            }
            bytes.append(high << 4 | low)
            i += 3
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
