// The one place newsmenu's version is written: the CLI's --version and the fetcher's
// User-Agent both read it.

public enum NewsmenuVersion {
    public static let number = "0.1.0"
    /// Where a server operator who sees our User-Agent can learn what we are.
    public static let projectURL = "https://github.com/newsmenu/newsmenu"
}
