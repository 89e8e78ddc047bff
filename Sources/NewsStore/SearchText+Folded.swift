// The indexed text lowercased, as the bytes every search candidate is checked against.

extension SearchText {
    /// `CaseFolding.lowercasedUTF8(of(title:summary:content:))` of the columns' UTF-8 as
    /// stored (NULL as empty), made piece by piece: the whole text is never made a String,
    /// which checks every byte of it again, nor are the columns (a fifth of a ranked search's
    /// time went to making Strings of candidates that then failed the check).
    static func foldedUTF8(title: [UInt8], summary: [UInt8], content: [UInt8]) -> [UInt8] {
        var text = title.withUnsafeBufferPointer(CaseFolding.lowercased)
        for html in [summary, content] {
            text.append(UInt8(ascii: "\n"))
            text += html.withUnsafeBufferPointer { plainUTF8($0) }.withUnsafeBufferPointer(CaseFolding.lowercased)
        }
        return text + Array(tail.utf8)
    }
}
