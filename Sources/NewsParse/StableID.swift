// Stable article ids for entries that have neither an id nor a link: the same input gives
// the same id in every process (Swift's Hasher is seeded per process, so it cannot be used).

enum StableID {
    /// FNV-1a, 64 bits, as 16 lowercase hex digits. Parts are separated so that
    /// ("ab", "c") and ("a", "bc") differ.
    static func fnv1a64(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hash ^= 0x1F
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
