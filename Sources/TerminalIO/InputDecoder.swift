// Bytes from a terminal in raw mode → keys, mouse events and pasted text: UTF-8 text,
// control keys, CSI and SS3 sequences (xterm, VT220, rxvt and Linux console spellings), SGR
// (1006) and legacy X10 mouse reports, bracketed paste (2004). Pure: fed bytes, it returns
// events and keeps an unfinished sequence or paste for later.

public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    /// The bytes of a bracketed paste whose end marker has not come yet: every byte between
    /// the markers is text, never a key, however it reads (a newline is not Enter).
    private var pasted: [UInt8]?

    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)
    /// A paste keeps this many bytes; the rest, to its end marker, is dropped.
    static let pasteLimit = 65_536

    /// A CSI sequence longer than this is garbage, not a sequence still arriving.
    private static let longestSequence = 64

    public init() {}

    /// Whether bytes are held back that may begin a sequence: the caller waits briefly for
    /// more, then calls `flush` (a lone Esc is the Esc key only once nothing follows it).
    /// Also while a paste is under way, which only its end marker ends.
    public var hasPending: Bool { !pending.isEmpty || pasted != nil }

    public mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return drain(final: false)
    }

    /// Decodes what is held back as if nothing more will come; a paste under way waits
    /// for its end marker still (a pause inside a long paste is not its end).
    public mutating func flush() -> [InputEvent] {
        drain(final: true)
    }

    private enum Step {
        case event(InputEvent?, consumed: Int)
        case incomplete
    }

    private mutating func drain(final: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var start = 0
        while start < pending.count {
            if pasted != nil {
                guard let end = takePaste(from: start) else { return events }
                if let pasted { events.append(.paste(String(decoding: pasted, as: UTF8.self))) }
                pasted = nil
                start = end
                continue
            }
            let rest = pending[start...]
            if rest.starts(with: Self.pasteStart) {
                pasted = []
                start += Self.pasteStart.count
                continue
            }
            switch Self.step(rest) {
            case .event(let event, let consumed):
                if let event { events.append(event) }
                start += consumed
            case .incomplete where final:
                // Nothing more is coming: a started escape sequence was the Esc key (or
                // Alt-[ / Alt-O); a cut UTF-8 character is dropped.
                if rest.first == 0x1B {
                    events.append(rest.count >= 2 ? Self.alt(rest.dropFirst()) : .key(.escape))
                    start += rest.count >= 2 ? 2 : 1
                } else {
                    start = pending.count
                }
            case .incomplete:
                pending.removeFirst(start)
                return events
            }
        }
        pending.removeAll()
        return events
    }

    /// Moves the paste's bytes from `start` on into `pasted`, as far as its end marker;
    /// returns where the marker ends, or nil when it has not come (the bytes that may be the
    /// marker's beginning are kept in `pending` for the next read).
    private mutating func takePaste(from start: Int) -> Int? {
        let rest = pending[start...]
        let marker = rest.indices.first { rest[$0...].starts(with: Self.pasteEnd) }
        var textEnd = marker ?? max(start, pending.count - (Self.pasteEnd.count - 1))
        if marker == nil {
            // Keep back only a tail that could still grow into the marker.
            while textEnd < pending.count, !Self.pasteEnd.starts(with: pending[textEnd...]) { textEnd += 1 }
        }
        let room = Self.pasteLimit - (pasted?.count ?? 0)
        pasted?.append(contentsOf: pending[start..<textEnd].prefix(max(room, 0)))
        guard let marker else {
            pending.removeFirst(textEnd)
            return nil
        }
        return marker + Self.pasteEnd.count
    }

    private static func alt(_ bytes: ArraySlice<UInt8>) -> InputEvent {
        .key(.alt(Character(Unicode.Scalar(bytes.first ?? 0x20))))
    }

    private static func step(_ bytes: ArraySlice<UInt8>) -> Step {
        guard let first = bytes.first else { return .incomplete }
        switch first {
        case 0x1B: return escape(bytes)
        case 0x0D, 0x0A: return .event(.key(.enter), consumed: 1)
        case 0x09: return .event(.key(.tab), consumed: 1)
        case 0x7F, 0x08: return .event(.key(.backspace), consumed: 1)
        case 0x01...0x1A:
            return .event(.key(.control(Character(Unicode.Scalar(first + 0x60)))), consumed: 1)
        case 0x00, 0x1C...0x1F: return .event(nil, consumed: 1)
        case 0x20..<0x7F: return .event(.key(.character(Character(Unicode.Scalar(first)))), consumed: 1)
        default: return utf8(bytes)
        }
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>) -> Step {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(nil, consumed: 1)
        }
        let continuation = bytes.dropFirst().prefix(length - 1)
        if let bad = continuation.firstIndex(where: { $0 & 0xC0 != 0x80 }) {
            return .event(nil, consumed: bad - bytes.startIndex)
        }
        guard continuation.count == length - 1 else { return .incomplete }
        let text = String(decoding: bytes.prefix(length), as: UTF8.self)
        guard let character = text.first, text.unicodeScalars.first?.value != 0xFFFD else {
            return .event(nil, consumed: length)
        }
        return .event(.key(.character(character)), consumed: length)
    }

    private static func escape(_ bytes: ArraySlice<UInt8>) -> Step {
        guard bytes.count >= 2 else { return .incomplete }
        let second = bytes[bytes.startIndex + 1]
        switch second {
        case UInt8(ascii: "["): return csi(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return .incomplete }
            let key = ss3Keys[bytes[bytes.startIndex + 2]]
            return .event(key.map(InputEvent.key), consumed: 3)
        case 0x1B: return .event(.key(.escape), consumed: 1)
        default:
            // Alt with a key: decode the key, then mark it.
            switch step(bytes.dropFirst()) {
            case .incomplete: return .incomplete
            case .event(let event, let consumed):
                guard case .key(.character(let character))? = event else {
                    return .event(.key(.escape), consumed: 1)
                }
                return .event(.key(.alt(character)), consumed: consumed + 1)
            }
        }
    }

    private static let ss3Keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
        UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    ]

    private static let csiKeys: [UInt8: Key] = ss3Keys.merging([UInt8(ascii: "Z"): .backTab]) { $1 }

    /// `~` sequences by their first parameter (VT220 and rxvt numbering).
    private static let tildeKeys: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
    ]

    private static func csi(_ bytes: ArraySlice<UInt8>) -> Step {
        let body = bytes.dropFirst(2)
        // The Linux console's F1 to F5: `ESC [ [ A` to `ESC [ [ E`, one key with no use here
        // (read as a sequence ending at the second `[`, its letter was taken as a key).
        if body.first == UInt8(ascii: "[") {
            return bytes.count >= 4 ? .event(nil, consumed: 4) : .incomplete
        }
        guard let finalIndex = body.firstIndex(where: { (0x40...0x7E).contains($0) }) else {
            return bytes.count > longestSequence ? .event(nil, consumed: 1) : .incomplete
        }
        let parameters = body[body.startIndex..<finalIndex]
        let final = bytes[finalIndex]
        let consumed = finalIndex - bytes.startIndex + 1
        if parameters.first == UInt8(ascii: "<") {
            return .event(sgrMouse(parameters.dropFirst(), final: final), consumed: consumed)
        }
        if final == UInt8(ascii: "M"), parameters.isEmpty {
            return legacyMouse(bytes.dropFirst(consumed), consumedBefore: consumed)
        }
        let numbers = numbers(parameters)
        if final == UInt8(ascii: "~") {
            return .event(numbers.first.flatMap { tildeKeys[$0] }.map(InputEvent.key), consumed: consumed)
        }
        return .event(csiKeys[final].map(InputEvent.key), consumed: consumed)
    }

    private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int] {
        parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            field.reduce(0) { value, digit in
                (0x30...0x39).contains(digit) ? min(value * 10 + Int(digit - 0x30), 1_000_000) : value
            }
        }
    }

    /// `CSI < b ; x ; y M` (press, motion, wheel) or `… m` (release).
    private static func sgrMouse(_ parameters: ArraySlice<UInt8>, final: UInt8) -> InputEvent? {
        let fields = numbers(parameters)
        guard fields.count == 3, final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        return mouse(code: fields[0], column: fields[1] - 1, row: fields[2] - 1, released: final == UInt8(ascii: "m"))
    }

    /// `CSI M` and three bytes, each value + 32: what a terminal without SGR mode sends.
    private static func legacyMouse(_ rest: ArraySlice<UInt8>, consumedBefore: Int) -> Step {
        guard rest.count >= 3 else { return .incomplete }
        let values = rest.prefix(3).map { Int($0) - 32 }
        // Release in this encoding names no button: report it as the left one's.
        let released = values[0] & 0x43 == 3
        let event = mouse(code: released ? values[0] & ~3 : values[0], column: values[1] - 1,
                          row: values[2] - 1, released: released)
        return .event(event, consumed: consumedBefore + 3)
    }

    private static func mouse(code: Int, column: Int, row: Int, released: Bool) -> InputEvent? {
        guard column >= 0, row >= 0 else { return nil }
        let low = code & 3
        let action: MouseEvent.Action
        if code & 64 != 0 {
            action = .wheel([WheelDirection.up, .down, .left, .right][low])
        } else {
            guard low != 3 else { return nil }
            let button = [MouseButton.left, .middle, .right][low]
            action = released ? .release(button) : code & 32 != 0 ? .drag(button) : .press(button)
        }
        return .mouse(MouseEvent(action: action, column: column, row: row, shift: code & 4 != 0,
                                 alt: code & 8 != 0, control: code & 16 != 0))
    }
}
