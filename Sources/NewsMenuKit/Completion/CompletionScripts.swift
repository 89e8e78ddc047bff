// The bash, zsh and fish completion scripts, written from the command table so a new
// command or option completes without touching these files; one file per shell.

enum CompletionScripts {
    /// `a|b|c` for a `case` pattern; a name that matches nothing when the list is empty.
    static func alternatives(_ names: [String]) -> String {
        names.isEmpty ? "--newsmenu-no-such-option" : names.joined(separator: "|")
    }
}
