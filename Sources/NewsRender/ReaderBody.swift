// An article's body as blocks: its HTML read as HTML, or text without tags read as plain
// text, whose line breaks are the writer's. HTML escaped twice over (a feed that escaped
// its already escaped description) is read as the HTML it was.
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
        let decoded = HTMLEntities.decode(body)
        if isWholeMarkup(decoded) {
            return ReaderHTML.blocks(
                of: decoded, links: &links, glyphs: glyphs, language: language, ambiguousWide: ambiguousWide)
        }
        var builder = ReaderBodyBuilder(ambiguousWide: ambiguousWide)
        builder.keepsLineBreaks = true
        builder.text(decoded)
        return builder.finish()
    }

    /// Whether plain text, its references decoded, is markup from end to end: it starts with
    /// a tag (`<` and a letter) and ends with `>`, once the spaces around it are trimmed.
    /// That is a description escaped once too often (`&lt;p&gt;Hello&lt;/p&gt;`). A plain
    /// text that only mentions a tag (`Use the <p> tag.`) neither starts nor ends so.
    static func isWholeMarkup(_ text: String) -> Bool {
        let trimmed = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = trimmed.first, first == UInt8(ascii: "<"),
              let second = trimmed.dropFirst().first, (second | 0x20) >= 0x61, (second | 0x20) <= 0x7A
        else { return false }
        let last = trimmed.reversed().first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return last == UInt8(ascii: ">")
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
