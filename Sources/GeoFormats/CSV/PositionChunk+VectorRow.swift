extension PositionChunk {
    /// The row at `start` when the 32 bytes from there (``ByteClasses``) hold the whole of it in
    /// the common shape, and where its next line starts: a name with no byte up to the space and
    /// not starting with a sign, then plain decimals (an optional `-`, digits, at most one `.`; an
    /// empty accuracy is none), separated by commas, ended by `\n`. `nil` leaves the row to
    /// ``plainRow(_:at:end:hasAccuracy:identifies:participants:)``, which reads these rows too
    /// and to the same values: this path only finds the separators and checks the characters of a
    /// whole row at once, where the plain path looks at each byte in turn.
    ///
    /// The row must start at least 16 bytes into the text (its numbers' digits are read as the
    /// words that end where they end) and 32 bytes before `end`.
    @inline(__always)
    static func vectorRow(
        _ base: UnsafePointer<UInt8>, at start: Int, end: Int, hasAccuracy: Bool, identifies: Bool,
        participants: inout ChunkParticipants
    ) -> (row: Row, next: Int)? {
        guard ByteClasses.isAvailable, start >= 16, start + ByteClasses.width <= end else { return nil }
        let classes = ByteClasses(base, at: start)
        guard classes.lineFeeds != 0 else { return nil }
        // Offsets within the 32 bytes: wrapping arithmetic and masking shifts cannot overflow.
        let length = classes.lineFeeds.trailingZeroBitCount
        let line: UInt32 = 1 &<< length &- 1
        var commas = classes.commas & line
        /// The next field's end, relative to `start`: the next comma, or the line's end for the last field.
        @inline(__always) func fieldEnd(last: Bool) -> Int? {
            if last { return commas == 0 ? length : nil }
            guard commas != 0 else { return nil }
            let comma = commas.trailingZeroBitCount
            commas &= commas &- 1
            return comma
        }
        guard let nameEnd = fieldEnd(last: false), nameEnd > 0,
            classes.controls & (1 &<< nameEnd &- 1) == 0,
            base[start] != ASCII.plus, base[start] != ASCII.hyphenMinus
        else { return nil }
        let allDigits = classes.nonDigits & (1 &<< nameEnd &- 1) == 0
        // As the plain path: longer runs of digits than six are the general path's.
        guard !allDigits || nameEnd <= 6 else { return nil }

        guard let timeEnd = fieldEnd(last: false),
            let time = number(base, start, classes, from: nameEnd &+ 1, to: timeEnd),
            let latitudeEnd = fieldEnd(last: false),
            let latitude = number(base, start, classes, from: timeEnd &+ 1, to: latitudeEnd),
            let longitudeEnd = fieldEnd(last: !hasAccuracy),
            let longitude = number(base, start, classes, from: latitudeEnd &+ 1, to: longitudeEnd)
        else { return nil }
        var accuracy = -1.0
        if hasAccuracy {
            guard let accuracyEnd = fieldEnd(last: true) else { return nil }
            if accuracyEnd > longitudeEnd &+ 1 {
                guard let value = number(base, start, classes, from: longitudeEnd &+ 1, to: accuracyEnd), value >= 0
                else { return nil }
                accuracy = value
            }
        }

        let participant: Int32
        if !identifies {
            participant = 0
        } else if allDigits {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: start &+ nameEnd &- 8, as: UInt64.self)
            participant = participants.index(ofNumber: Int(DigitWord.trailingDigits(word.littleEndian, count: nameEnd)))
        } else {
            participant = participants.index(ofName: base, from: start, to: start &+ nameEnd)
        }
        let row = Row(
            participant: participant, time: time, latitude: latitude, longitude: longitude, accuracy: accuracy)
        return (row, start &+ length &+ 1)
    }

    /// The plain decimal in `first..<last`, relative to `start`, whose bytes `classes` classifies:
    /// `nil` when it is not one, or not one ``DecimalFastPath/checkedField(_:from:period:to:negative:)``
    /// decides.
    // Transparent, not `@inline(__always)`: the optimiser kept the latter a call at each of the
    // four places, which cost about 40 instructions per row.
    @_transparent
    private static func number(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ classes: ByteClasses, from first: Int, to last: Int
    ) -> Double? {
        let negative = base[start &+ first] == ASCII.hyphenMinus
        let digitsFrom = negative ? first &+ 1 : first
        let others = classes.nonDigits & (1 &<< last &- 1) & ~(1 &<< digitsFrom &- 1)
        var period = last
        if others != 0 {
            guard others & (others &- 1) == 0 else { return nil }
            period = others.trailingZeroBitCount
            guard base[start &+ period] == ASCII.period else { return nil }
        }
        guard last &- digitsFrom > (period == last ? 0 : 1) else { return nil }  // no digit
        return DecimalFastPath.checkedField(
            base, from: start &+ first, period: start &+ period, to: start &+ last, negative: negative)
    }
}
