// Finds the name of a document's first element by looking at its bytes, for documents
// libxml2 gave up on before reporting any element (an HTML page is rarely well-formed XML).

enum RootSniffer {
    static func rootElementName(_ bytes: UnsafeRawBufferPointer) -> String? {
        var index = ByteOrderMark(bytes)?.length ?? 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                // Declarations, comments and the doctype end at the next `>`: close enough here.
                let closing: [UInt8] = bytes[index...].starts(with: Array("<!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")]
                guard let end = ByteScan.find(closing, in: bytes, from: index + 2) else { return nil }
                index = end + closing.count
                continue
            }
            let nameBytes = bytes[(index + 1)...].prefix { byte in
                ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: ":")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
            return nameBytes.isEmpty ? nil : String(decoding: nameBytes, as: UTF8.self)
        }
        return nil
    }
}
