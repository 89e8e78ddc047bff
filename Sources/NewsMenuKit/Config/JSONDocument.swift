// A small JSON reader that remembers where every value starts, so a config error can name
// its line and column as well as its path. Foundation's JSONSerialization loses both.

/// A 1-based line and column (columns count characters, not bytes).
struct SourceLocation: Equatable, Sendable {
    var line: Int
    var column: Int
}

struct JSONNode: Sendable {
    indirect enum Value: Sendable {
        /// Members in file order; keys keep their own locations for "unknown field" errors.
        case object([(key: String, keyLocation: SourceLocation, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    var value: Value
    var location: SourceLocation

    /// What the value is, in the words an error message uses.
    var kindName: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

struct JSONSyntaxError: Error, Equatable {
    var message: String
    var location: SourceLocation
}

/// Recursive descent over UTF-8 bytes (RFC 8259), nesting limited so hostile input cannot
/// exhaust the stack.
struct JSONDocument {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private static let maxDepth = 256

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONDocument(bytes: bytes)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        let root = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else {
            throw reader.error("unexpected text after the end of the JSON value")
        }
        return root
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var here: SourceLocation { SourceLocation(line: line, column: column) }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: here)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1  // continuation bytes belong to the character already counted
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    private mutating func expect(_ character: Character) throws(JSONSyntaxError) {
        guard let byte = current, byte == character.asciiValue else {
            throw error(current == nil ? "unexpected end of file, expected '\(character)'"
                                       : "expected '\(character)'")
        }
        advance()
    }

    private mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        let start = here
        guard let byte = current else { throw error("unexpected end of file, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(value: try readObject(depth: depth), location: start)
        case UInt8(ascii: "["): return JSONNode(value: try readArray(depth: depth), location: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try readString()), location: start)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return JSONNode(value: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return JSONNode(value: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return JSONNode(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try readNumber()), location: start)
        case 0x80...:
            throw error("unexpected byte 0x\(String(byte, radix: 16, uppercase: true)), expected a value (is the file UTF-8?)")
        default:
            throw error("unexpected character '\(Character(Unicode.Scalar(byte)))', expected a value")
        }
    }

    private mutating func readLiteral(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("invalid literal, expected '\(word)'") }
            advance()
        }
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        advance()
        var members: [(key: String, keyLocation: SourceLocation, value: JSONNode)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return .object(members)
        }
        while true {
            skipWhitespace()
            let keyLocation = here
            guard current == UInt8(ascii: "\"") else { throw error("expected a quoted field name") }
            let key = try readString()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            members.append((key, keyLocation, try readValue(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            try expect("}")
            return .object(members)
        }
    }

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        advance()
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            try expect("]")
            return .array(elements)
        }
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        advance()
        var utf8: [UInt8] = []
        while true {
            let runStart = index
            skipPlainStringBytes()
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                // Most strings have no escape: they become a String straight from the bytes.
                let text = utf8.isEmpty ? String(validating: bytes[runStart..<index], as: UTF8.self)
                    : String(validating: utf8 + bytes[runStart..<index], as: UTF8.self)
                advance()
                guard let text else { throw error("a string is not valid UTF-8 (save the file as UTF-8)") }
                return text
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: bytes[runStart..<index])
                advance()
                try readEscape(into: &utf8)
            default:
                throw error("control character in a string (use \\n, \\t, …)")
            }
        }
    }

    /// Moves past the bytes a string holds as they are (not a quote, a backslash or a control
    /// character), counting columns as `advance()` does; no line break can be among them.
    private mutating func skipPlainStringBytes() {
        let (end, characters) = bytes.withUnsafeBufferPointer { buffer in
            var end = index
            var characters = 0
            while end < buffer.count {
                let byte = buffer[end]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                if byte & 0xC0 != 0x80 { characters += 1 }
                end += 1
            }
            return (end, characters)
        }
        index = end
        column += characters
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unterminated string") }
        advance()
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            utf8.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("invalid escape in a string") }
        var scalar = try readHex4()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard current == UInt8(ascii: "\\") else { throw error("unpaired surrogate in \\u escape") }
            advance()
            guard current == UInt8(ascii: "u") else { throw error("unpaired surrogate in \\u escape") }
            advance()
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else {
                throw error("invalid \\u escape: expected four hex digits")
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let numberBytes = Set("+-.eE0123456789".utf8)
        while let byte = current, numberBytes.contains(byte) { advance() }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // RFC 8259: no leading zeros, no leading '+', digits on both sides of a '.'.
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let wellFormed = !unsigned.isEmpty && unsigned.first?.isNumber == true
            && !(unsigned.hasPrefix("0") && unsigned.count > 1 && unsigned.dropFirst().first?.isNumber == true)
            && !unsigned.contains(".e") && !unsigned.contains(".E") && !unsigned.hasSuffix(".")
        guard wellFormed, let value = Double(text), value.isFinite else { throw error("invalid number '\(text)'") }
        return value
    }
}
