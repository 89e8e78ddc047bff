// A byte cursor over a date string: the small vocabulary both date grammars are written in.
struct DateScanner {
    private let bytes: [UInt8]
    private var index = 0

    /// Spaces after a date are no part of it, as those before it are not (the grammars skip
    /// those): `2026 ` is the year 2026 as `2026` is, where the year alone would otherwise
    /// have had to end the text.
    init(_ text: String) {
        var bytes = Array(text.utf8)
        while let last = bytes.last, DateScanner.isSpace(last) { bytes.removeLast() }
        self.bytes = bytes
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    var atEnd: Bool { index >= bytes.count }
    /// Where the cursor is, to come back to when a reading does not fit.
    var position: Int {
        get { index }
        set { index = min(max(newValue, 0), bytes.count) }
    }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// `dddd-` (or four digits alone) opens an ISO 8601 / W3C-DTF date.
    var startsWithISODate: Bool {
        guard startsWithYear else { return false }
        return bytes.count == index + 4 || bytes[index + 4] == UInt8(ascii: "-")
    }

    /// `dddd/` or `dddd年` opens one of the forms Japanese sites write.
    var startsWithJapaneseDate: Bool {
        guard startsWithYear, bytes.count > index + 4 else { return false }
        return bytes[index + 4] == UInt8(ascii: "/") || bytes[(index + 4)...].starts(with: JapaneseDateParser.year)
    }

    private var startsWithYear: Bool {
        bytes.count >= index + 4 && bytes[index..<index + 4].allSatisfy(ASCII.isDigit)
    }

    /// Consumes `sequence` (e.g. the UTF-8 of 年) if the text continues with it.
    mutating func consume(bytes sequence: [UInt8]) -> Bool {
        guard bytes[index...].starts(with: sequence) else { return false }
        index += sequence.count
        return true
    }

    mutating func skipSpaces() {
        while let byte = peek, DateScanner.isSpace(byte) {
            index += 1
        }
    }

    mutating func consume(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, peek == ascii else { return false }
        index += 1
        return true
    }

    mutating func consume(anyOf characters: String) -> UInt8? {
        guard let byte = peek, characters.utf8.contains(byte) else { return nil }
        index += 1
        return byte
    }

    /// Reads between `minimum` and `maximum` digits; the count read is returned with the value.
    mutating func digits(minimum: Int, maximum: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < maximum, let byte = peek, ASCII.isDigit(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            count += 1
            index += 1
        }
        return count >= minimum ? (value, count) : nil
    }

    /// A decimal fraction after its separator, e.g. `123` → 0.123. Digits past the ninth
    /// (below a nanosecond) are read and dropped.
    mutating func fraction() -> Double? {
        var numerator = 0
        var denominator = 1
        var count = 0
        while let byte = peek, ASCII.isDigit(byte) {
            if count < 9 {
                numerator = numerator * 10 + Int(byte - UInt8(ascii: "0"))
                denominator *= 10
            }
            count += 1
            index += 1
        }
        return count > 0 ? Double(numerator) / Double(denominator) : nil
    }

    /// A run of ASCII letters, lowercased.
    mutating func word() -> String {
        var letters: [UInt8] = []
        while let byte = peek, ASCII.isLetter(byte) {
            letters.append(byte | 0x20)
            index += 1
        }
        return String(decoding: letters, as: UTF8.self)
    }

    /// Skips a comment such as `(JST)`, or a Japanese weekday `(月)` / `（月）`.
    mutating func skipComment() {
        let fullWidthOpen: [UInt8] = [0xEF, 0xBC, 0x88], fullWidthClose: [UInt8] = [0xEF, 0xBC, 0x89]
        if consume(bytes: fullWidthOpen) {
            while !atEnd, !consume(bytes: fullWidthClose) { index += 1 }
            return
        }
        guard peek == UInt8(ascii: "(") else { return }
        while let byte = peek {
            index += 1
            if byte == UInt8(ascii: ")") { return }
        }
    }
}
