// Empty text from a feed or config is stored as NULL, so fallbacks (COALESCE) skip it.

extension Optional where Wrapped == String {
    var nonEmpty: String? {
        guard let text = self, !text.isEmpty else { return nil }
        return text
    }
}
