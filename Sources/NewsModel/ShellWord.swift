// A word quoted for /bin/sh, for the commands newsmenu's messages and scheduler lines ask a
// user or a scheduler to run, and for the words of the zsh and fish completion scripts
// (fish, unlike sh, also reads `\\` inside single quotes as one backslash; no word holds one).

public enum ShellWord {
    /// `text` in single quotes, each single quote in it written as '\'' (closed, escaped,
    /// reopened): the shell takes every other character as it is.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
