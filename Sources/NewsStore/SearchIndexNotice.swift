// What a store says of its search index before work on it that takes long.

/// Told before the index is built from many articles, or before a wait for another process
/// that is building it: either can take minutes at a million articles, during which the
/// command would seem to hang. The command-line tool tells a terminal.
public enum SearchIndexNotice: Equatable, Sendable {
    /// The index is being built from this many articles (at least
    /// `SearchIndexUpdater.longBuildArticles`): after the upgrade that changed its format, or
    /// for a damaged or missing index file.
    case building(articles: Int)
    /// Another process is building the index, and this one waits for it before searching.
    case waitingForAnotherBuild
}
