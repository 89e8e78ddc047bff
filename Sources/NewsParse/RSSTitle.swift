// RSS titles are plain text by the spec and HTML in practice; which one a title is decides
// whether `<dialog>` in it is a word or a tag. The rule is feedparser's (`lookslikehtml`).

import NewsModel

enum RSSTitle {
    /// The title as one line of plain text. libxml2 has decoded the XML entities once
    /// (`&amp;lt;b&amp;gt;` is now `&lt;b&gt;`). A title that looks like HTML is then read as
    /// HTML, as feedparser does for RSS titles: tags stripped and HTML references decoded, so
    /// `&amp;amp;` ends as "&" and `&amp;#8217;` as "’". Any other title is kept as written:
    /// `Use the &lt;dialog&gt; element` keeps "<dialog>".
    static func plainText(_ text: String) -> String {
        looksLikeHTML(text) ? PlainText.fromHTML(text) : Whitespace.collapse(text)
    }

    /// feedparser's test: a close tag or a character/entity reference, every tag name an HTML
    /// element its sanitizer accepts, every named reference one HTML defines.
    static func looksLikeHTML(_ text: String) -> Bool {
        // Most titles have neither: tested in place, before copying the bytes.
        var text = text
        let hasMarkup = text.withUTF8 { $0.contains(UInt8(ascii: "<")) || $0.contains(UInt8(ascii: "&")) }
        guard hasMarkup else { return false }
        let bytes = Array(text.utf8)
        var hasCloseTag = false
        var hasReference = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
                let nameStart = index + (closing ? 2 : 1)
                let nameEnd = wordEnd(bytes, from: nameStart)
                if nameEnd > nameStart {
                    let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
                    guard knownElements.contains(name) else { return false }
                    if closing, nameEnd < bytes.count, bytes[nameEnd] == UInt8(ascii: ">") { hasCloseTag = true }
                }
                index = max(nameEnd, index + 1)
            } else if byte == UInt8(ascii: "&") {
                let numeric = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "#")
                let nameStart = index + (numeric ? 2 : 1)
                let nameEnd = wordEnd(bytes, from: nameStart)
                if nameEnd > nameStart, nameEnd < bytes.count, bytes[nameEnd] == UInt8(ascii: ";") {
                    hasReference = true
                    let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                    guard numeric || HTMLEntities.named[name] != nil else { return false }
                }
                index = max(nameEnd, index + 1)
            } else {
                index += 1
            }
        }
        return hasCloseTag || hasReference
    }

    /// The end of a run of `\w` characters (ASCII letters, digits, `_`) from `start`.
    private static func wordEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, ASCII.isLetter(bytes[index]) || ASCII.isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "_") {
            index += 1
        }
        return index
    }

    /// feedparser's `_HTMLSanitizer.acceptable_elements`.
    private static let knownElements: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "big", "blockquote", "br",
        "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "command", "datagrid",
        "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "event-source",
        "fieldset", "figcaption", "figure", "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hr", "i", "img", "input", "ins", "kbd", "keygen", "label", "legend", "li", "m", "map", "menu",
        "meter", "multicol", "nav", "nextid", "noscript", "ol", "optgroup", "option", "output", "p", "pre",
        "progress", "q", "s", "samp", "section", "select", "small", "sound", "source", "spacer", "span", "strike",
        "strong", "sub", "sup", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "time", "tr", "tt",
        "u", "ul", "var", "video",
    ]
}
