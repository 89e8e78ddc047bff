// An ETag or Last-Modified value exactly as a server sent it. RFC 9110 lets both hold bytes
// 0x80–0xFF (obs-text) that need not be UTF-8, and a server answers 304 only to its own
// bytes: so a validator is bytes from the response header to the database and into the
// next request, never a String, whose decoding would replace such a byte with U+FFFD.

public struct HTTPValidator: Sendable, Hashable, ExpressibleByStringLiteral {
    public let bytes: [UInt8]

    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// `text`'s UTF-8 bytes.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }
}
