// Splits one line of a newsboat urls file or an sfeedrc into words the way those programs
// quote them, without ever running or expanding anything.

enum QuotedWords {
    enum Quoting {
        /// newsboat: double quotes with backslash escapes; an apostrophe is a letter.
        case newsboat
        /// sh: single quotes too, and `$` or a backquote outside single quotes is an expansion
        /// only a shell could resolve, so the line cannot be read.
        case shell
    }

    /// Why a line's words cannot be read, as a warning words it.
    struct Unreadable: Error {
        var reason: String
    }

    /// The line's words; a word starting with `#` outside quotes starts a comment.
    static func split(_ line: Substring, _ quoting: Quoting) throws(Unreadable) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\r":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "#" where !inWord:
                return words
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw Unreadable(reason: "a double quote is not closed") }
                    if next == "\"" { break }
                    if quoting == .shell, next == "$" || next == "`" { throw expansion }
                    if next == "\\", let escaped = characters.next() {
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            case "'" where quoting == .shell:
                inWord = true
                while true {
                    guard let next = characters.next() else { throw Unreadable(reason: "a single quote is not closed") }
                    if next == "'" { break }
                    word.append(next)
                }
            case "$" where quoting == .shell, "`" where quoting == .shell:
                throw expansion
            case "\\" where quoting == .shell:
                inWord = true
                if let escaped = characters.next() { word.append(escaped) }
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }

    private static let expansion = Unreadable(reason: "it uses a shell variable or command ($ or `), which newsmenu does not run")
}
