// RSS writes people as e-mail addresses: "editor@example.com (Jane Doe)". The name is what a reader wants.

enum PersonName {
    static func fromRSS(_ text: String) -> String {
        guard text.hasSuffix(")"), let open = text.firstIndex(of: "(") else { return text }
        let address = Whitespace.trim(String(text[..<open]))
        guard address.contains("@"), !address.contains(" ") else { return text }
        let name = Whitespace.collapse(String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
        return name.isEmpty ? text : name
    }
}
