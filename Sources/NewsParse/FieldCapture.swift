// The text of one field element being read, with its child markup when the field is HTML.

/// A class: it lives across many SAX callbacks and is appended to in place, so the walker
/// holds one reference instead of copying its fields in and out of an optional. The walker
/// restarts a finished one for its next field rather than allocating one per field.
final class FieldCapture {
    enum Mode: Equatable {
        /// Character data only; child elements contribute their text.
        case text
        /// Child elements are written back as HTML. `escapeText` for XHTML, whose text is
        /// plain; `unwrapDiv` drops Atom's wrapper `<div xmlns="…xhtml">`.
        case markup(escapeText: Bool, unwrapDiv: Bool)
    }

    private(set) var rule: FieldRule
    private(set) var scope: Scope
    private(set) var element: XMLElementStart
    private(set) var depth: Int
    /// The xml:base in effect for the element, for resolving a link in its text (nil for
    /// fields other than links and guids, which never resolve one).
    private(set) var base: String?
    private(set) var mode: Mode
    /// UTF-8 as libxml2 delivers it: appended without decoding, turned into a String once.
    /// Storage the capture owns (freed in deinit) and keeps when it restarts, so that it
    /// grows only once: an Array's append and removeAll(keepingCapacity:) cost about a
    /// hundred instructions a call in uniqueness and capacity checks, on every SAX callback.
    /// Unchecked exclusivity: appended to once per SAX callback, never while another
    /// access to it is open (see SAXFeedReader.walker).
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity = FieldCapture.initialCapacity
    @exclusivity(unchecked) private var length = 0
    private static let initialCapacity = 1024
    private var wrapperDepth: Int?
    private var unwrapped = false

    init(rule: FieldRule, scope: Scope, element: XMLElementStart, depth: Int, base: String?, mode: Mode) {
        self.rule = rule
        self.scope = scope
        self.element = element
        self.depth = depth
        self.base = base
        self.mode = mode
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: FieldCapture.initialCapacity)
    }

    deinit {
        storage.deallocate()
    }

    /// The captured bytes, for the call only.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: storage, count: length))
    }

    /// Starts reading another field with this finished capture.
    /// (A Target struct holding the six fields, set whole, cost a copy of it on every read.)
    func restart(rule: FieldRule, scope: Scope, element: XMLElementStart, depth: Int, base: String?, mode: Mode) {
        (self.rule, self.scope, self.element) = (rule, scope, element)
        (self.depth, self.base, self.mode) = (depth, base, mode)
        length = 0
        wrapperDepth = nil
        unwrapped = false
    }

    /// `provenance`: what is known of the bytes (the walker's textProvenance when it finishes
    /// the field).
    func text(_ provenance: TextProvenance) -> String {
        withBytes { UTF8Text.string($0, provenance) }
    }

    /// The text, and whether it is clean (UTF8Text.checkedString).
    func checkedText(_ provenance: TextProvenance) -> (text: String, isClean: Bool) {
        withBytes { UTF8Text.checkedString($0, provenance) }
    }

    /// The text without leading and trailing whitespace (as Whitespace.trim counts it),
    /// trimmed in the bytes so that a long HTML body is turned into a String only once; and
    /// whether it is clean.
    func checkedTrimmedText(_ provenance: TextProvenance) -> (text: String, isClean: Bool) {
        withBytes { bytes in
            var start = 0
            var end = bytes.count
            while start < end, let length = FieldCapture.whitespaceLength(bytes, at: start) { start += length }
            while start < end {
                if let length = FieldCapture.whitespaceLength(bytes, at: end - 1), length == 1 {
                    end -= 1
                } else if end - start >= 2, bytes[end - 2] == 0xC2, bytes[end - 1] == 0xA0 {
                    end -= 2
                } else {
                    break
                }
            }
            return UTF8Text.checkedString(UnsafeBufferPointer(rebasing: bytes[start..<end]), provenance)
        }
    }

    /// 1 for ASCII whitespace, 2 for a no-break space (C2 A0), nil otherwise.
    private static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0C: return 1
        case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0: return 2
        default: return nil
        }
    }

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    func append(_ characters: UnsafeBufferPointer<UInt8>) {
        if case .markup(escapeText: true, _) = mode {
            HTMLEscaping.escape(characters) { appendBytes($0) }
        } else {
            appendBytes(characters)
        }
    }

    private func append(_ text: String) {
        var text = text
        text.withUTF8 { appendBytes($0) }
    }

    private func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - length < bytes.count {
            var grown = capacity * 2
            while grown - length < bytes.count { grown *= 2 }
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.update(from: storage, count: length)
            storage.deallocate()
            (storage, capacity) = (larger, grown)
        }
        (storage + length).update(from: source, count: bytes.count)
        length += bytes.count
    }

    func open(_ child: XMLElementStart, depth childDepth: Int) {
        guard case .markup(_, let unwrapDiv) = mode else { return }
        if unwrapDiv, !unwrapped, childDepth == depth + 1,
           child.name == XMLName(namespace: Namespace.xhtml, local: "div") {
            unwrapped = true
            wrapperDepth = childDepth
            return
        }
        append("<" + child.name.local)
        for attribute in child.attributes where attribute.name.namespace.isEmpty {
            append(" \(attribute.name.local)=\"\(HTMLEscaping.escape(attribute.value))\"")
        }
        append(FieldCapture.voidElements.contains(child.name.local) ? " />" : ">")
    }

    func close(_ child: XMLName, depth childDepth: Int) {
        guard case .markup = mode else { return }
        if childDepth == wrapperDepth {
            wrapperDepth = nil
            return
        }
        if !FieldCapture.voidElements.contains(child.local) { append("</\(child.local)>") }
    }
}
