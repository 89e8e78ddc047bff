// The indexed text lowercased, as the bytes every search candidate is checked against.

extension SearchText {
    /// `CaseFolding.lowercasedUTF8(of(title:summary:content:))`, made piece by piece: the
    /// whole text is never made a String, which checks every byte of it again (a fifth of
    /// a ranked search's time).
    static func foldedUTF8(title: String?, summary: String?, content: String?) -> [UInt8] {
        var text = CaseFolding.lowercasedUTF8(title ?? "")
        for plainPiece in [plainUTF8(summary ?? ""), plainUTF8(content ?? "")] {
            text.append(UInt8(ascii: "\n"))
            text += plainPiece.withUnsafeBufferPointer(CaseFolding.lowercased)
        }
        return text + Array(tail.utf8)
    }
}
