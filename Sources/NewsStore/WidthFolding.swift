// Full- and half-width forms read as their ordinary ones, for search: ＡＢＣ１２３ is abc123 to a
// reader and ｶﾞｲﾄﾞ is ガイド, and `/` in the interactive view already matches them so.
import Glibc

/// Fullwidth ASCII (U+FF01–FF5E) becomes ASCII and halfwidth katakana (U+FF61–FF9F) becomes
/// fullwidth, a halfwidth voiced or semi-voiced mark joined to the kana before it where
/// Unicode has the pair as one character (NFKC's result for these blocks). Everything else
/// stays as it is, so a text without these forms comes back unchanged.
public enum WidthFolding {
    /// `bytes` (valid UTF-8) folded; nil when there is nothing to fold, the common case,
    /// found by looking only at the bytes 0xEF that lead these blocks' encodings.
    static func folded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let first = firstFoldable(bytes, from: 0) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copiedTo = 0
        var index = first
        while let position = index < bytes.count ? firstFoldable(bytes, from: index) : nil {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedTo..<position]))
            let after = position + 3
            let next = after + 3 <= bytes.count && bytes[after] == 0xEF ? scalar(bytes, at: after) : nil
            guard let (value, length) = fold(scalar(bytes, at: position), next: next) else { break }
            if value < 0x80 {
                output.append(UInt8(value))
            } else {
                appendUTF8(value, to: &output)
            }
            copiedTo = position + 3 * length
            index = copiedTo
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedTo..<bytes.count]))
        return output
    }

    /// `text` folded, with where each folded scalar came from: `origins[k]` is the offset in
    /// `text.unicodeScalars` of what scalar k of `folded` stands for, and one entry more
    /// gives the end. For marking a match found in the folded text on the text as written.
    public static func foldedWithOrigins(_ text: String) -> (folded: String, origins: [Int]) {
        let scalars = Array(text.unicodeScalars)
        var folded = String.UnicodeScalarView()
        var origins: [Int] = []
        var index = 0
        while index < scalars.count {
            origins.append(index)
            let next = index + 1 < scalars.count ? scalars[index + 1].value : nil
            if let (value, length) = fold(scalars[index].value, next: next), let scalar = Unicode.Scalar(value) {
                folded.append(scalar)
                index += length
            } else {
                folded.append(scalars[index])
                index += 1
            }
        }
        origins.append(scalars.count)
        return (String(folded), origins)
    }

    /// What the scalar `value` folds to, with `next` (the scalar after it) when the two make
    /// one character, and how many of the two that takes; nil for a scalar left alone.
    private static func fold(_ value: UInt32, next: UInt32?) -> (UInt32, length: Int)? {
        if (0xFF01...0xFF5E).contains(value) { return (value - 0xFEE0, 1) }
        guard (0xFF61...0xFF9F).contains(value) else { return nil }
        let kana = halfwidthKana[Int(value - 0xFF61)]
        if let next, next == 0xFF9E || next == 0xFF9F, let joined = voiced(kana, next) { return (joined, 2) }
        return (kana, 1)
    }

    /// `text` folded.
    public static func folded(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in folded(bytes).map { String(decoding: $0, as: UTF8.self) } } ?? text
    }

    /// True when `bytes` (UTF-8) hold a form `folded` changes.
    static func holdsFoldable(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.withMemoryRebound(to: UInt8.self) { firstFoldable($0, from: 0) != nil }
    }

    /// Where the next U+FF01–FF5E or U+FF61–FF9F starts (EF BC 81 … EF BE 9F). memchr finds
    /// each 0xEF: the search's scan filter asks this of every column it reads.
    private static func firstFoldable(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        while index + 2 < bytes.count, let found = memchr(base + index, 0xEF, bytes.count - 2 - index) {
            let position = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            let value = scalar(bytes, at: position)
            if (0xFF01...0xFF5E).contains(value) || (0xFF61...0xFF9F).contains(value) { return position }
            index = position + 1
        }
        return nil
    }

    /// The scalar of the three-byte sequence at `index`.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        (UInt32(bytes[index]) & 0x0F) << 12 | (UInt32(bytes[index + 1]) & 0x3F) << 6 | (UInt32(bytes[index + 2]) & 0x3F)
    }

    /// The one character for `kana` with the mark, where Unicode has one: カ゛ is ガ, ハ゜ is パ,
    /// ウ゛ is ヴ, ワ゛ is ヷ, ヲ゛ is ヺ.
    private static func voiced(_ kana: UInt32, _ mark: UInt32) -> UInt32? {
        if mark == 0xFF9E {
            switch kana {
            case 0x30AB...0x30C2 where kana % 2 == 1: return kana + 1  // カ…チ
            case 0x30C4, 0x30C6, 0x30C8: return kana + 1  // ツ テ ト
            case 0x30CF...0x30DB where (kana - 0x30CF) % 3 == 0: return kana + 1  // ハ ヒ フ ヘ ホ
            case 0x30A6: return 0x30F4
            case 0x30EF: return 0x30F7
            case 0x30F2: return 0x30FA
            default: return nil
            }
        }
        return (0x30CF...0x30DB).contains(kana) && (kana - 0x30CF) % 3 == 0 ? kana + 2 : nil
    }

    private static func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(0xE0 | value >> 12))
        output.append(UInt8(0x80 | (value >> 6) & 0x3F))
        output.append(UInt8(0x80 | value & 0x3F))
    }

    /// U+FF61–FF9F as fullwidth: punctuation, small kana, the long-vowel mark, the kana, and
    /// the marks alone as their spacing forms' combining ones (U+3099, U+309A).
    private static let halfwidthKana: [UInt32] = [
        0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3,
        0x30E5, 0x30E7, 0x30C3, 0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF,
        0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8,
        0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF,
        0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF,
        0x30F3, 0x3099, 0x309A,
    ]
}
