// Finding a term's UTF-8 bytes in a text's: the one substring search that the scan filter, the
// candidate check and the ranking share.
import Glibc

enum ByteSearch {
    /// Where `needle` next occurs in `text` at or after `start`; nil when it does not, or
    /// when the needle is empty. memchr finds each place the needle's last byte stands and
    /// memcmp checks the bytes before it: the last byte of a multi-byte character is one of
    /// 64 continuation bytes, where the first (0xE5 for every character from U+5000 to
    /// U+5FFF) stands at every few characters of Japanese text and made a check at each.
    static func offset(of needle: UnsafeRawBufferPointer, in text: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let base = text.baseAddress, let last = needle.last, let needleStart = needle.baseAddress,
              start >= 0, needle.count <= text.count - start else { return nil }
        let lead = needle.count - 1
        var offset = start + lead
        while offset < text.count, let found = memchr(base + offset, Int32(last), text.count - offset) {
            let end = UnsafeRawPointer(found) - base
            if memcmp(base + end - lead, needleStart, lead) == 0 { return end - lead }
            offset = end + 1
        }
        return nil
    }
}
