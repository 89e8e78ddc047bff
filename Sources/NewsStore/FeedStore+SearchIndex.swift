// Keeping the search index file (schema v13) in step with the articles: on opening, during
// and after a fetch (on its own thread), and for a search, one snapshot of both files.
import Foundation

extension FeedStore {
    /// The search index file beside the database.
    public var searchIndexPath: String { SearchIndexFile.path(for: database.path) }

    /// Starts writing the search index on a thread of its own: after each `batch` commits it
    /// indexes what was stored, while the next batch is, in an index transaction it commits
    /// once it is `commitInterval` seconds old (`BackgroundIndexer`). `finishIndexing` waits
    /// for it and commits the rest.
    public func startIndexing(commitInterval: TimeInterval = 1) {
        guard !isReadOnly, indexer == nil else { return }
        indexer = BackgroundIndexer(databasePath: database.path, commitInterval: commitInterval)
    }

    /// Indexes everything stored so far (also what was stored outside a batch, such as
    /// retention's deletions), stops the indexing thread if one runs, and trims the log.
    /// Until it has run, searches still find what is not indexed yet (`withSearchSnapshot`).
    /// The thread's last catch-up, made after it was told to finish, takes in everything
    /// logged before this call: then only the log is trimmed here, without opening the index
    /// again on this thread (a few milliseconds of every fetch, most of them 304s).
    public func finishIndexing() throws(StoreError) {
        guard !isReadOnly else { return }
        do {
            if let running = indexer {
                indexer = nil
                try SearchIndexUpdater.trimLog(on: database, appliedThrough: try running.finish())
            } else {
                try updateSearchIndex()
            }
        } catch where error.isDamage && error.path == searchIndexPath {
            // Derived data: built again from the articles rather than failing the fetch.
            try updateSearchIndex(replacing: true)
        } catch where error.isBusy && error.path == searchIndexPath {
            // Another process holds the index longer than the busy timeout: it is building it.
            // The log keeps what this fetch stored until an index has applied it, and searches
            // check those articles themselves meanwhile.
        } catch where error.isWriteFailure && error.path == searchIndexPath {
            // The articles' own transactions committed; only the index is behind, and the log
            // says what it lacks.
            throw StoreError(path: error.path, operation: error.operation, message: error.sqliteMessage
                + "; the articles are stored, but the search index beside them could not take them in: "
                + "free some disk space, and the next fetch brings the index up to date (search finds "
                + "the new articles meanwhile)")
        }
    }

    /// Applies the search log to the index on this thread, after building it if it must be
    /// (`SearchIndexUpdater.mustRebuild`) and no other process is; `replacing`: the file was
    /// found damaged and is replaced first (`replaceSearchIndex`). Then trims what it applied.
    func updateSearchIndex(replacing: Bool = false) throws(StoreError) {
        let updater = replacing ? try replaceSearchIndex(keepingSound: true) : try openSearchIndexUpdater()
        // Another process building the index takes in what this one stored: from the
        // articles, or from the log, which keeps every entry until an index has applied it.
        guard try updater.buildIfNeeded(waiting: nil) else { return }
        try SearchIndexUpdater.trimLog(on: database, appliedThrough: try updater.catchUp())
    }

    /// On opening for writing: the index file is brought up to the log, unless another
    /// connection is writing it (a fetch's indexer, which does so itself, or another process
    /// building it); a missing one, a damaged one, or one the log cannot bring up to date
    /// (`mustRebuild`) is built again from the articles, unless they are many: that build
    /// (minutes at a million) is left to the first search, which says so on a terminal, or
    /// the end of the next fetch, so that `show` after an upgrade opens at once. The index is
    /// derived data, so nothing is lost. When the main file records that the index has every
    /// entry, the index is not opened at all (a damaged one is then found by the search,
    /// which replaces it).
    func prepareSearchIndex() throws(StoreError) {
        do {
            try bringSearchIndexUpToDate()
        } catch where error.isWriteFailure && error.path == searchIndexPath {
            // A full disk under the index alone: the store still opens, for showing and
            // searching (which checks the logged articles itself); a later open or fetch
            // with room catches up.
        }
    }

    private func bringSearchIndexUpToDate() throws(StoreError) {
        if FileManager.default.fileExists(atPath: searchIndexPath), try SearchIndexUpdater.isCaughtUp(database) { return }
        let updater: SearchIndexUpdater
        do {
            updater = try openSearchIndexUpdater()
        } catch where error.isDamage && error.path == searchIndexPath {
            updater = try replaceSearchIndex(keepingSound: true)
        }
        // Another process building it, or a long build left to a search: this store's
        // searches wait for it, or build it.
        guard try !updater.mustBuildLong(), try updater.buildIfNeeded(waiting: nil),
              let applied = try updater.catchUpUnlessBusy() else { return }
        try SearchIndexUpdater.trimLog(on: database, appliedThrough: applied)
    }

    /// An updater of the index file that reads the articles through this store's connection.
    /// A missing file is made, to be built (`SearchIndexUpdater.buildIfNeeded`).
    private func openSearchIndexUpdater() throws(StoreError) -> SearchIndexUpdater {
        SearchIndexUpdater(index: try SearchIndexFile.open(for: database.path), main: database,
                           noticing: searchIndexNotice)
    }

    /// Replaces the index file by a new one to build (`SearchIndexUpdater.buildIfNeeded`),
    /// under the main file's write lock, which every replacement takes. With `keepingSound`, a
    /// file that then opens in this build's format and passes SQLite's quick check is kept:
    /// another process found the old one unreadable or in an old format too, and replaced it
    /// first. Removing that one would pull the file from under its build, whose log trim would
    /// then go by an index no longer there. `vacuum`, whose deeper check found a fault that the
    /// quick check does not see, replaces without keeping.
    func replaceSearchIndex(keepingSound: Bool) throws(StoreError) -> SearchIndexUpdater {
        try detachSearchIndex()
        return try database.transaction("replacing the search index") { () throws(StoreError) -> SearchIndexUpdater in
            if keepingSound, let kept = try? openSearchIndexUpdater(),
               (try? kept.index.requireIntact("checking the search index")) != nil {
                return kept
            }
            try SearchIndexFile.remove(for: database.path)
            return try openSearchIndexUpdater()
        }
    }

    /// Replaces the index file (`replaceSearchIndex`) and builds the new one, or waits while
    /// another process builds it (telling `searchIndexNotice`), then brings it up to the log.
    func rebuildSearchIndex(keepingSound: Bool) throws(StoreError) {
        let updater = try replaceSearchIndex(keepingSound: keepingSound)
        _ = try updater.buildIfNeeded(waiting: { self.searchIndexNotice?(.waitingForAnotherBuild) })
        // Held again by another process: this store's searches check the logged articles.
        guard let applied = try updater.catchUpUnlessBusy() else { return }
        try SearchIndexUpdater.trimLog(on: database, appliedThrough: applied)
    }

    /// Runs `body` on one snapshot of the index and then of the articles, in that order: the
    /// index then holds nothing newer than the articles read, and every article changed
    /// since it was last updated is named by a log entry after `applied` in the snapshot.
    /// `body` is given that seq when there are such entries (the search checks those
    /// articles itself), nil when the index covers every article.
    func withSearchSnapshot<Result>(
        _ operation: String, _ body: (_ pendingAfter: Int64?) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        do throws(StoreError) {
            try attachSearchIndex(operation)
            // Made new but not built (a build interrupted, at an upgrade or after a damaged
            // file): the main file may still record the index as up to date, so no open
            // would build it.
            if !isReadOnly, try attachedIndexIsUnbuilt(operation) {
                throw StoreError(path: searchIndexPath, operation: operation, message: "the search index is not built")
            }
        } catch where !isReadOnly && error.path == searchIndexPath {
            // Missing, unreadable, in an old format or unbuilt: a store that can write builds
            // it, or waits for the process building it.
            try rebuildSearchIndex(keepingSound: true)
            try attachSearchIndex(operation)
        }
        return try database.reading(operation) { () throws(StoreError) -> Result in
            let applied = try database.prepare("SELECT applied_seq FROM search_index.search_state", operation)
            let appliedSeq = try applied.step() ? applied.int64(at: 0) : 0
            guard appliedSeq >= 0 else {
                throw StoreError(path: searchIndexPath, operation: operation,
                                 message: "the search index is still to be built; \(Self.searchIndexRemedy(isReadOnly))")
            }
            let pending = try database.prepare("SELECT EXISTS (SELECT 1 FROM main.search_log WHERE seq > ?1)", operation)
            try pending.bind(appliedSeq, at: 1)
            return try body(try pending.step() && pending.bool(at: 0) ? appliedSeq : nil)
        }
    }

    private func attachedIndexIsUnbuilt(_ operation: String) throws(StoreError) -> Bool {
        let applied = try database.prepare("SELECT applied_seq FROM search_index.search_state", operation)
        return try applied.step() && applied.int64(at: 0) < 0
    }

    /// Attaches the index file read-only as `search_index`, once per connection. A missing
    /// or unreadable file is named with what to do.
    private func attachSearchIndex(_ operation: String) throws(StoreError) {
        guard !searchIndexAttached else { return }
        let indexPath = searchIndexPath
        let remedy = Self.searchIndexRemedy(isReadOnly)
        guard FileManager.default.fileExists(atPath: indexPath) else {
            throw StoreError(path: indexPath, operation: operation, message: "the search index is missing; \(remedy)")
        }
        // A reader that cannot create the index's -shm (a directory it cannot write) reads it
        // as `Database(readingAt:)` reads the database: its log in this process's memory when
        // the database is read so (the exclusive mode that needs is the connection's), else
        // as immutable, which misses what is in the log: the search then checks the articles
        // logged since what the file holds itself.
        var uris = [Database.uri(indexPath, readOnly: true)]
        if database.readsLogPrivately, FileManager.default.fileExists(atPath: indexPath + "-wal") {
            uris.append(Database.uri(indexPath, readOnly: true, vfs: Database.noLockVFS))
        }
        uris.append(Database.uri(indexPath, readOnly: true, immutable: true))
        for uri in uris {
            var attached = false
            do {
                let attach = try database.prepare("ATTACH ?1 AS search_index", operation)
                try attach.bind(uri, at: 1)
                try attach.run()
                attached = true
                _ = try database.prepare("SELECT applied_seq FROM search_index.search_state", operation).step()
                // An index of schemas v13–v17 (FTS5's tables) has the state but not this.
                _ = try database.prepare("SELECT 1 FROM search_index.search_postings", operation)
                searchIndexAttached = true
                return
            } catch {
                if attached { try database.execute("DETACH search_index", operation) }
                if uri == uris.last || !isReadOnly {
                    throw StoreError(path: indexPath, operation: operation,
                                     message: "the search index cannot be read (\(error.sqliteMessage)); \(remedy)")
                }
            }
        }
    }

    private static func searchIndexRemedy(_ readOnly: Bool) -> String {
        readOnly ? "newsmenu vacuum, run with write access to the database, builds it again" : "newsmenu vacuum builds it again"
    }

    /// Detaches the index file, if attached, before it is replaced or compacted.
    func detachSearchIndex() throws(StoreError) {
        guard searchIndexAttached else { return }
        try database.execute("DETACH search_index", "detaching the search index")
        searchIndexAttached = false
    }
}
