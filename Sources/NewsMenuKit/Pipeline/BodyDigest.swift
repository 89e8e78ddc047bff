// A fingerprint of a feed body, so a body identical to the last one is not parsed again.
import Foundation

enum BodyDigest {
    /// Length and two 64-bit FNV-1a hashes with different offsets: cheap, stable across
    /// runs (unlike Swift's seeded Hasher), and far from colliding by accident.
    static func of(_ body: Data) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        body.withUnsafeBytes { bytes in
            for byte in bytes {
                first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                second = (second &+ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        return "\(body.count):" + String(first, radix: 16) + String(second, radix: 16)
    }
}
