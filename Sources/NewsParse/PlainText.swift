// HTML → one line of plain text: the form titles, authors and the renderer's summary line need.

import NewsModel

public enum PlainText {
    /// Strips tags (and the bodies of `script`/`style`), decodes HTML entities once and
    /// collapses whitespace to single spaces, trimmed.
    public static func fromHTML(_ html: String) -> String {
        Whitespace.collapse(HTMLEntities.decode(HTMLTags.strip(html)))
    }
}
