// Fixes the breakages most feeds that are not well-formed have: bare `&` (in URLs and text),
// HTML entities XML does not define (`&nbsp;`), and control characters XML forbids (raw, or
// as `&#1;`). After the first such error libxml2 2.9 drops every later entity reference,
// even in recovery mode, so the parser reads a repaired copy once more.

import NewsModel

enum XMLRepair {
    struct Result {
        let bytes: [UInt8]
        let repairs: Int
    }

    /// Only ASCII is rewritten, which keeps every ASCII-compatible encoding intact
    /// (Shift_JIS trail bytes start at 0x40, above `&` and `;`).
    static func repairEntities(_ bytes: UnsafeRawBufferPointer) -> Result {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var repairs = 0
        var index = 0
        while index < bytes.count {
            if let skipped = verbatimSection(in: bytes, at: index) {
                for byte in bytes[index..<skipped] {
                    if isForbiddenControl(byte) { repairs += 1 } else { output.append(byte) }
                }
                index = skipped
                continue
            }
            if isForbiddenControl(bytes[index]) {
                index += 1
                repairs += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "&") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let reference = referenceName(in: bytes, after: index)
            if let reference, isForbiddenCharacterReference(reference.name) {
                index = reference.semicolon + 1
                repairs += 1
            } else if let reference, isXMLReference(reference.name) {
                output.append(contentsOf: bytes[index...reference.semicolon])
                index = reference.semicolon + 1
            } else if let reference, let text = HTMLEntities.named[reference.name] {
                let numeric = text.unicodeScalars.map { "&#\($0.value);" }.joined()
                output.append(contentsOf: Array(numeric.utf8))
                index = reference.semicolon + 1
                repairs += 1
            } else {
                output.append(contentsOf: Array("&amp;".utf8))
                index += 1
                repairs += 1
            }
        }
        return Result(bytes: output, repairs: repairs)
    }

    /// CDATA sections and comments hold `&` literally; they are copied as they are.
    private static func verbatimSection(in bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
        let sections: [(open: [UInt8], close: [UInt8])] = [
            (Array("<![CDATA[".utf8), Array("]]>".utf8)), (Array("<!--".utf8), Array("-->".utf8)),
        ]
        guard bytes[index] == UInt8(ascii: "<") else { return nil }
        for section in sections where bytes[index...].starts(with: section.open) {
            guard let end = ByteScan.find(section.close, in: bytes, from: index + section.open.count) else { return bytes.count }
            return end + section.close.count
        }
        return nil
    }

    /// `name` in `&name;` (or `#123`, `#x1F`), with the index of its semicolon.
    private static func referenceName(in bytes: UnsafeRawBufferPointer, after ampersand: Int) -> (name: String, semicolon: Int)? {
        var index = ampersand + 1
        while index < bytes.count, index - ampersand <= 32 {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") {
                guard index > ampersand + 1 else { return nil }
                return (String(decoding: bytes[(ampersand + 1)..<index], as: UTF8.self), index)
            }
            let isNameByte = ASCII.isLetter(byte) || ASCII.isDigit(byte)
                || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isNameByte else { return nil }
            index += 1
        }
        return nil
    }

    /// C0 controls other than tab, line feed and carriage return: not allowed in XML 1.0,
    /// not even in CDATA. (ASCII-only, so safe in every ASCII-compatible encoding.)
    private static func isForbiddenControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }

    /// `&#1;`, `&#x1B;`: character references to characters XML forbids.
    private static func isForbiddenCharacterReference(_ name: String) -> Bool {
        guard name.hasPrefix("#"), let scalar = HTMLEntities.decodeReference(Substring(name))?.unicodeScalars.first,
              scalar.value < 0x20 else { return false }
        return scalar.value != 0x09 && scalar.value != 0x0A && scalar.value != 0x0D
    }

    /// References XML itself resolves: the five predefined ones and character references.
    /// Any other name might be declared in the document's DTD, but a feed that needed a
    /// repair has no working DTD, and HTML names are what feeds mean by them.
    private static func isXMLReference(_ name: String) -> Bool {
        if name.hasPrefix("#") { return HTMLEntities.decodeReference(Substring(name)) != nil }
        return ["amp", "lt", "gt", "quot", "apos"].contains(name)
    }
}
