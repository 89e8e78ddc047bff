// The start of a feed's HTML as one line of text: tags dropped, entities decoded. What the
// comfortable layout's summary line shows, and what an untitled article is listed by.
// NewsParse has its own converter; this small one reads no further than a line needs and
// cleans summaries stored by any version. Entities are `HTMLEntities`, the parser's table.

public enum HTMLExcerpt {
    /// The text of `html`, whitespace collapsed, stopping once `enough` characters are
    /// collected (and one more, so a cut still shows), so a long article body costs a line's
    /// work. The content of `script` and `style` elements is dropped with the tags.
    public static func text(fromHTML html: String, enough: Int) -> String {
        var output = ""
        var count = 0
        var pendingSpace = false
        var scalars = Substring(html).unicodeScalars
        func emit(_ text: String) {
            for character in text {
                if character.isWhitespace {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    output.append(" ")
                    count += 1
                    pendingSpace = false
                }
                output.append(character)
                count += 1
            }
        }
        while count <= enough, let scalar = scalars.popFirst() {
            switch scalar {
            case "<":
                let tag = skipTag(&scalars)
                if tag == "script" || tag == "style" { skipElementBody(tag, &scalars) }
                // A ruby's reading (振り仮名) and its fallback parentheses are for a
                // renderer that sets them above the text; in a line they split the word.
                if tag == "rt" || tag == "rp" { skipText(&scalars) }
                // Inline elements sit inside a word (東京<b>都</b>); every other tag
                // separates words, so that two are never glued together.
                let name = tag.hasPrefix("/") ? String(tag.dropFirst()) : tag
                if !inlineElements.contains(name) { pendingSpace = count > 0 }
            case "&":
                emit(decodeEntity(&scalars))
            default:
                emit(String(scalar))
            }
        }
        return output
    }

    /// Consumes a tag through `>` and returns its lowercased name (`/p` for a closing tag).
    private static func skipTag(_ scalars: inout Substring.UnicodeScalarView) -> String {
        var name = ""
        var inName = true
        while let scalar = scalars.popFirst() {
            if scalar == ">" { break }
            if inName {
                if scalar.properties.isWhitespace || (scalar == "/" && !name.isEmpty) {
                    inName = false
                } else {
                    name.unicodeScalars.append(scalar)
                }
            }
        }
        return name.lowercased()
    }

    private static let inlineElements = Set(HTMLInlineElements.names)

    /// Consumes text up to the next tag: an `rt`'s end tag may be left out, so its reading
    /// ends wherever a tag comes.
    private static func skipText(_ scalars: inout Substring.UnicodeScalarView) {
        while let next = scalars.first, next != "<" { scalars.removeFirst() }
    }

    /// Consumes everything up to and including `</tag>`.
    private static func skipElementBody(_ tag: String, _ scalars: inout Substring.UnicodeScalarView) {
        let closing = Array("</\(tag)".unicodeScalars)
        while !scalars.isEmpty {
            if scalars.starts(with: closing, by: { $0.properties.lowercaseMapping == $1.properties.lowercaseMapping }) {
                _ = skipTag(&scalars)
                return
            }
            scalars.removeFirst()
        }
    }

    /// Decodes the entity after `&`, numeric (`&#38;`, `&#x26;`) or named, as the parser
    /// does. Anything else is kept as written.
    private static func decodeEntity(_ scalars: inout Substring.UnicodeScalarView) -> String {
        guard let end = scalars.prefix(32).firstIndex(of: ";"),
              let decoded = HTMLEntities.decodeReference(Substring(scalars[scalars.startIndex..<end]))
        else { return "&" }
        scalars = scalars[scalars.index(after: end)...]
        return decoded
    }
}
