// A byte cursor over a date string: the small vocabulary both date grammars are written in.
struct DateScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// `dddd-` opens an ISO 8601 date; RFC 822 dates start with a weekday or a 1–2 digit day.
    var startsWithISODate: Bool {
        guard bytes.count >= index + 5 else { return false }
        return bytes[index..<index + 4].allSatisfy(DateScanner.isDigit) && bytes[index + 4] == UInt8(ascii: "-")
    }

    mutating func skipSpaces() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
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
        while count < maximum, let byte = peek, DateScanner.isDigit(byte) {
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
        while let byte = peek, DateScanner.isDigit(byte) {
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
        while let byte = peek, DateScanner.isLetter(byte) {
            letters.append(byte | 0x20)
            index += 1
        }
        return String(decoding: letters, as: UTF8.self)
    }

    /// Skips a trailing RFC 822 comment such as `(JST)`.
    mutating func skipComment() {
        guard peek == UInt8(ascii: "(") else { return }
        while let byte = peek {
            index += 1
            if byte == UInt8(ascii: ")") { return }
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
