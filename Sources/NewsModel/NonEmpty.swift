// Empty text counts as no text: a feed's empty <title/> and a config's "" both mean "none",
// so fallbacks (the store's COALESCE, the parser's priority table) move on to the next value.

extension String {
    public var nonEmpty: String? { isEmpty ? nil : self }
}

extension Optional where Wrapped == String {
    public var nonEmpty: String? {
        guard let text = self, !text.isEmpty else { return nil }
        return text
    }
}
