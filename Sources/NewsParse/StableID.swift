// Stable article ids for entries that have neither an id nor a link: the same input gives
// the same id in every process (Swift's Hasher is seeded per process, so it cannot be used).

enum StableID {
    /// FNV-1a, 64 bits, as 16 lowercase hex digits. Parts are separated so that
    /// ("ab", "c") and ("a", "bc") differ.
    static func fnv1a64(_ parts: [String]) -> String {
        var hash = fnv1a64Offset
        for part in parts {
            hash = fnv1a64(part.utf8, continuing: hash)
            hash = fnv1a64(CollectionOfOne(0x1F), continuing: hash)
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// FNV-1a's starting value.
    static let fnv1a64Offset: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a, 64 bits, over `bytes`, going on from `hash`.
    @inline(__always)
    static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes, continuing hash: UInt64 = fnv1a64Offset) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = hash
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
