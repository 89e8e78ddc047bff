// An article's body as blocks: its HTML read as HTML, or text without tags read as plain
// text, whose line breaks are the writer's.
import NewsModel

enum ReaderBody {
    /// The blocks of `body` (HTML or plain text, as the feed gave it); empty when it holds no
    /// text to show. Links numbered in it are added to `links`.
    static func blocks(
        of body: String?, links: inout ReaderLinks, glyphs: ReaderGlyphs, language: UILanguage,
        ambiguousWide: Bool
    ) -> [ReaderBlock] {
        guard let body, !body.isEmpty else { return [] }
        if looksLikeHTML(body) {
            return ReaderHTML.blocks(
                of: body, links: &links, glyphs: glyphs, language: language, ambiguousWide: ambiguousWide)
        }
        var builder = ReaderBodyBuilder(ambiguousWide: ambiguousWide)
        builder.keepsLineBreaks = true
        builder.text(HTMLEntities.decode(body))
        return builder.finish()
    }

    /// Whether `text` holds a tag, a comment or a doctype: `<` before a letter, `/` or `!`.
    /// A `<` before anything else (`a < b`, `<3`) is text.
    static func looksLikeHTML(_ text: String) -> Bool {
        var previousWasOpen = false
        for byte in text.utf8 {
            if previousWasOpen {
                let lower = byte | 0x20
                if (lower >= 0x61 && lower <= 0x7A) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") {
                    return true
                }
            }
            previousWasOpen = byte == UInt8(ascii: "<")
        }
        return false
    }
}
