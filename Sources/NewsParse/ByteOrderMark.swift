// Unicode byte order marks: the first thing the charset decision looks at.

/// A Unicode byte order mark at the start of the bytes.
enum ByteOrderMark {
    case utf8, utf16BigEndian, utf16LittleEndian

    init?(_ bytes: [UInt8]) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self = .utf8
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            self = .utf16BigEndian
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            self = .utf16LittleEndian
        } else {
            return nil
        }
    }

    var length: Int { self == .utf8 ? 3 : 2 }
}
