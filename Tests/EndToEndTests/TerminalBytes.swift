// Reads what newsmenu wrote the way a terminal would, and lists everything in it that could
// drive the terminal beyond newsmenu's own drawing: a control character, an escape sequence
// newsmenu never writes itself (a window title, a hyperlink, a clipboard write, a cursor
// jump), a C1 control, a bidi override or isolate.

enum TerminalBytes {
    /// The DEC private modes newsmenu switches (TerminalModes, FrameDiff): cursor (25),
    /// autowrap (7), alternate screen (1049), mouse (1000, 1002, 1006), synchronized update
    /// (2026).
    static let ownPrivateModes: Set<String> = ["25", "7", "1049", "1000", "1002", "1006", "2004", "2026"]

    /// What in `text` could drive a terminal, each with its position in scalars; empty when
    /// nothing could. `ownEscapes`: the CSI sequences newsmenu draws with are allowed: SGR
    /// (`m`), cursor position (`H`), erase (`J`, `K`) and its own private modes. `carriageReturns`:
    /// a CR is allowed (a progress line rewriting itself, a terminal's line ends).
    static func violations(in text: String, ownEscapes: Bool = false, carriageReturns: Bool = false) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var found: [String] = []
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x1B {
                let end = endOfControlSequence(scalars, from: index)
                let sequence = String(String.UnicodeScalarView(scalars[index..<end]))
                if !(ownEscapes && isOwnSequence(sequence)) {
                    found.append("escape sequence \(sequence.debugDescription) at \(index)")
                }
                index = end
                continue
            }
            if let role = forbiddenRole(value, carriageReturns: carriageReturns) {
                found.append("\(role) U+\(String(value, radix: 16, uppercase: true)) at \(index)")
            }
            index += 1
        }
        return found
    }

    private static func forbiddenRole(_ value: UInt32, carriageReturns: Bool) -> String? {
        switch value {
        case 0x0A: return nil
        case 0x0D: return carriageReturns ? nil : "carriage return"
        case 0x00...0x1F, 0x7F: return "control"
        case 0x80...0x9F: return "C1 control"
        case 0x202A...0x202E, 0x2066...0x2069: return "bidi override or isolate"
        case 0x2028, 0x2029: return "line or paragraph separator"
        default: return nil
        }
    }

    /// Where the escape sequence starting at `start` ends: after a CSI's final byte, after an
    /// OSC/DCS/APC/PM string's terminator, or after the one byte following ESC.
    private static func endOfControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        guard index < scalars.count else { return index }
        switch scalars[index] {
        case "[":
            index += 1
            while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
            return min(index + 1, scalars.count)
        case "]", "P", "_", "^", "X":
            while index < scalars.count, scalars[index].value != 0x07, scalars[index].value != 0x9C {
                if scalars[index].value == 0x1B { return min(index + 2, scalars.count) }
                index += 1
            }
            return min(index + 1, scalars.count)
        default:
            return index + 1
        }
    }

    private static func isOwnSequence(_ sequence: String) -> Bool {
        guard sequence.hasPrefix("\u{1B}["), let final = sequence.last else { return false }
        let parameters = sequence.dropFirst(2).dropLast()
        if parameters.hasPrefix("?") {
            return (final == "h" || final == "l") && ownPrivateModes.contains(String(parameters.dropFirst()))
        }
        return "mHJK".contains(final) && parameters.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ";") }
    }
}
