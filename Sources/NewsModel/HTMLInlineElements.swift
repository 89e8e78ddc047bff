// The HTML elements that sit inside a word's run of text (東京<b>都</b> is one word): every
// other tag separates words. One list for each converter of HTML to text (the summary line's,
// the search text's).

public enum HTMLInlineElements {
    /// Lower-case names, none longer than 8 bytes (`SearchText` packs names into a word).
    public static let names: [String] = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark",
        "q", "rb", "rp", "rt", "rtc", "ruby", "s", "samp", "small", "span", "strike", "strong", "sub",
        "sup", "time", "tt", "u", "var", "wbr",
    ]
}
