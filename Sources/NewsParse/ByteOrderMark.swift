// Unicode byte order marks: the first thing the charset decision looks at.

/// A Unicode byte order mark at the start of the bytes.
enum ByteOrderMark {
    case utf8, utf16BigEndian, utf16LittleEndian

    init?<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
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

    var charset: String {
        switch self {
        case .utf8: return "UTF-8"
        case .utf16BigEndian: return "UTF-16BE"
        case .utf16LittleEndian: return "UTF-16LE"
        }
    }

    /// XML 1.0 Appendix F: `<?` as UTF-16 without a BOM.
    static func unmarkedUTF16<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return "UTF-16LE" }
        if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return "UTF-16BE" }
        return nil
    }
}
