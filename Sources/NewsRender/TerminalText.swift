// Makes untrusted text (titles, sources, tab names) safe to print on one terminal line.

public enum TerminalText {
    /// `text` with every control character, escape sequence, DEL and bidi override or
    /// isolate removed, tabs and line breaks turned into spaces, runs of spaces collapsed
    /// and both ends trimmed. A feed must not be able to move the cursor, recolour the
    /// screen, set the window title or reorder what the reader sees.
    public static func sanitize(_ text: String) -> String {
        if isClean(text) { return text }
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch classify(scalar) {
            case .keep:
                if pendingSpace, !output.isEmpty { output.append(" ") }
                pendingSpace = false
                output.append(scalar)
            case .space:
                pendingSpace = true
            case .drop:
                break
            case .escape:
                skipEscapeSequence(&scalars)
            case .controlSequenceIntroducer:
                skipControlSequence(&scalars)
            case .stringIntroducer:
                skipControlString(&scalars)
            }
        }
        return String(output)
    }

    /// A finished line's text without its styles: every SGR sequence (`ESC [ … m`) that
    /// newsmenu's own drawing put there (`StyledLine`) removed. Feed text reaches a line sanitised, so these are
    /// the only escapes a line holds.
    public static func unstyled(_ line: String) -> String {
        guard line.utf8.contains(0x1B) else { return line }
        var text = String.UnicodeScalarView()
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                text.append(scalar)
                continue
            }
            while let next = scalars.next(), next != "m" {}
        }
        return String(text)
    }

    /// `text` with every control character but the line feed, every escape sequence, DEL
    /// and bidi override or isolate removed, and tabs, other line breaks and separators
    /// turned into spaces; spacing and line feeds stay as written. For whole messages and
    /// tables: their layout is newsmenu's own, but a piece of them (a URL, a feed's title,
    /// a server's words) may not be.
    public static func sanitizeKeepingLayout(_ text: String) -> String {
        if isClean(text, keepingLayout: true) { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\n" {
                output.append(scalar)
                continue
            }
            switch classify(scalar) {
            case .keep: output.append(scalar)
            case .space: output.append(" ")
            case .drop: break
            case .escape: skipEscapeSequence(&scalars)
            case .controlSequenceIntroducer: skipControlSequence(&scalars)
            case .stringIntroducer: skipControlString(&scalars)
            }
        }
        return String(output)
    }

    /// True when sanitizing would change nothing (most titles): no control, separator or
    /// bidi character, and unless `keepingLayout`, no line feed and no space at either end
    /// or beside another. Read as UTF-8 bytes, several times quicker than building the
    /// text anew.
    private static func isClean(_ text: String, keepingLayout: Bool = false) -> Bool {
        var previous: UInt8 = 0x20  // so that a leading space counts as one too many
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case 0x0A where keepingLayout, 0x20 where keepingLayout:
                break
            case 0x20 where previous == 0x20, 0x00..<0x20, 0x7F:
                return false
            case 0xC2:
                // U+0080–U+009F: C1 controls, NEL among them.
                guard let next = bytes.next(), next >= 0xA0 else { return false }
                previous = next
                continue
            case 0xE2:
                // U+2028–U+202E (separators, embeddings, overrides), U+2066–U+2069 (isolates).
                guard let second = bytes.next(), let third = bytes.next() else { return false }
                if second == 0x80, (0xA8...0xAE).contains(third) { return false }
                if second == 0x81, (0xA6...0xA9).contains(third) { return false }
                previous = third
                continue
            default:
                break
            }
            previous = byte
        }
        return keepingLayout || previous != 0x20
    }

    private enum ScalarRole {
        case keep, space, drop, escape, controlSequenceIntroducer, stringIntroducer
    }

    private static func classify(_ scalar: Unicode.Scalar) -> ScalarRole {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0x2028, 0x2029:
            return .space
        case 0x1B:
            return .escape
        case 0x9B:
            return .controlSequenceIntroducer
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
            // C1 DCS, SOS, OSC, PM, APC: each opens a string that runs to its terminator.
            return .stringIntroducer
        case 0x00...0x1F, 0x7F...0x9F:
            return .drop
        case 0x202A...0x202E, 0x2066...0x2069:
            return .drop
        default:
            return .keep
        }
    }

    /// Consumes what follows an ESC: a CSI sequence, a control string, or one final byte
    /// (with any intermediate bytes, as in `ESC ( B`).
    private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let next = scalars.next() else { return }
        switch next.value {
        case 0x5B: // [
            skipControlSequence(&scalars)
        case 0x50, 0x58, 0x5D, 0x5E, 0x5F: // P X ] ^ _
            skipControlString(&scalars)
        case 0x20...0x2F:
            // Intermediate bytes continue until a final byte 0x30–0x7E.
            while let byte = scalars.next(), (0x20...0x2F).contains(byte.value) {}
        default:
            break
        }
    }

    /// Consumes CSI parameter and intermediate bytes through the final byte (0x40–0x7E).
    /// Anything outside the CSI alphabet ends the sequence too, so a malformed one cannot
    /// swallow the rest of the title.
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if !(0x20...0x3F).contains(scalar.value) { return }
        }
    }

    /// Consumes an OSC/DCS/APC/PM/SOS body through BEL, ESC \ or ST (U+009C).
    /// An unterminated string runs to the end: the terminal would have swallowed it too.
    private static func skipControlString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C:
                return
            case 0x1B:
                _ = scalars.next()
                return
            default:
                continue
            }
        }
    }
}
