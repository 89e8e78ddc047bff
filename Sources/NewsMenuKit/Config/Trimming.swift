// Trimming config text without Foundation: `trimmingCharacters(in:)` goes through NSString
// and, called for each of 2,000 feed URLs, was a seventh of a cold `newsmenu show`.

extension String {
    /// The text without leading and trailing white space and line breaks (Unicode White_Space).
    var trimmingWhitespace: String {
        // Nearly every value starts and ends with a visible ASCII character: nothing to trim.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return self
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
