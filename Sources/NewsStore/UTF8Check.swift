// Whether text read from the database is well-formed UTF-8, for the paths that use a
// column's bytes as they are where reading it as a String would repair them.

enum UTF8Check {
    /// True when `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, surrogates,
    /// scalars past U+10FFFF or cut sequences), exactly when `String(decoding:as:)` would
    /// give back the same bytes.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            // ASCII eight bytes at a time.
            while index + 8 <= count,
                  UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return false
            }
            guard index + length <= count else { return false }
            var scalar = UInt32(lead) & (0x7F >> UInt32(length))
            for offset in 1..<length {
                let byte = base[index + offset]
                guard byte & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            switch length {
            case 3 where scalar < 0x800 || (0xD800...0xDFFF).contains(scalar): return false
            case 4 where scalar < 0x1_0000 || scalar > 0x10_FFFF: return false
            default: break
            }
            index += length
        }
        return true
    }
}
