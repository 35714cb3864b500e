extension String {
    /// Without leading and trailing XML white space.
    var trimmingSpace: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        if !XMLCharacters.isSpace(first) && !XMLCharacters.isSpace(last) { return self }
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end && XMLCharacters.isSpace(bytes[start]) { start += 1 }
        while end > start && XMLCharacters.isSpace(bytes[end - 1]) { end -= 1 }
        if start == 0 && end == bytes.count { return self }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
