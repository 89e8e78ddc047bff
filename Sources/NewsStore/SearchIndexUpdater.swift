// Brings the search index file up to the main database's search log, or builds it again
// from the articles; one transaction on the index file each time.
internal import CSQLite3
import Foundation

/// Applies `search_log` to the index. Each entry says that an article changed (was stored,
/// changed or deleted). Replaying the entries after `applied_seq` in one read of the main file
/// gives the same index whatever was applied before: each article named is added with its
/// text as that read sees it, if it is still there. The index only ever adds: a deleted
/// article stays listed until a large merge (`SearchSegments.filteredMergePostings`) or
/// `optimize` leaves it out, and a changed article's old text until `optimize`; the search's
/// check passes over both. So a crash before the index's commit only means the next run
/// replays the same entries; the index never runs ahead of the log, since it reads only
/// committed entries.
///
/// Not Sendable: one thread uses it (the store's, or `BackgroundIndexer`'s).
final class SearchIndexUpdater {
    /// The index file, read-write.
    let index: Database
    /// A connection to the main file that this updater only reads.
    private let main: Database

    /// What the open index transaction has gathered, written out as a segment by
    /// `record(applied:)`, and by `apply` and a build whenever it reaches
    /// `gatheredPostingsLimit`. What a rolled-back transaction gathered may still be written
    /// by the next: harmless, as every posting names an article that held the trigram.
    private var postings: SearchPostings?

    /// Told how many articles a build indexes, before it starts, when they are at least
    /// `longBuildArticles`.
    private let notice: ((SearchIndexNotice) -> Void)?

    init(index: Database, main: Database, noticing notice: ((SearchIndexNotice) -> Void)? = nil) {
        self.index = index
        self.main = main
        self.notice = notice
    }

    /// The articles from which a build is long: announced before it starts, and left out of
    /// opening a store (`FeedStore.prepareSearchIndex`). 100,000 took 20 s, 1M 2 min 40 s.
    static let longBuildArticles = 10_000

    /// True when the index must be built (`mustRebuild`, read without the lock) from
    /// `longBuildArticles` articles or more.
    func mustBuildLong() throws(StoreError) -> Bool {
        guard try mustRebuild() else { return false }
        return try articleCount("reading the articles to index") >= Self.longBuildArticles
    }

    private func articleCount(_ operation: String) throws(StoreError) -> Int {
        let count = try main.prepare("SELECT COUNT(*) FROM articles", operation)
        return try count.step() ? Int(count.int64(at: 0)) : 0
    }

    private func gathered() throws(StoreError) -> SearchPostings {
        if let postings { return postings }
        let made = try SearchPostings(path: index.path)
        postings = made
        return made
    }

    /// The last log entry the index holds.
    func appliedSeq() throws(StoreError) -> Int64 {
        let state = try index.prepare("SELECT applied_seq FROM search_state", "reading the search index's state")
        guard try state.step() else {
            throw StoreError(path: index.path, operation: "reading the search index's state",
                             message: "the search index has no state row")
        }
        return state.int64(at: 0)
    }

    /// The newest entry the log has had (the trim keeps it), 0 for none.
    func loggedSeq() throws(StoreError) -> Int64 {
        let newest = try main.prepare("SELECT COALESCE(MAX(seq), 0) FROM search_log", "reading the search log")
        return try newest.step() ? newest.int64(at: 0) : 0
    }

    /// True when the index cannot be brought up to the log by replaying it: it was made new
    /// and not built yet (`SearchIndexFile.mustRebuildSeq`), it is ahead of the log
    /// (another database's index, or a log that lost its last commits to a power cut), or
    /// behind the oldest entry the log kept (an index made new after a trim).
    func mustRebuild() throws(StoreError) -> Bool {
        let applied = try appliedSeq()
        let log = try main.prepare("SELECT COALESCE(MIN(seq), 0), COALESCE(MAX(seq), 0) FROM search_log",
                                   "reading the search log")
        guard try log.step() else { return false }
        return applied < 0 || applied > log.int64(at: 1) || applied + 1 < log.int64(at: 0)
    }

    /// Applies every entry after `applied_seq` in a transaction of its own; returns the seq
    /// applied up to.
    @discardableResult
    func catchUp() throws(StoreError) -> Int64 {
        if let seen = try caughtUpSeq() { return seen }
        return try index.transaction(Self.catchingUp) { () throws(StoreError) -> Int64 in try applyAndRecord() }
    }

    /// `catchUp`, or nil at once when another connection is writing the index: a fetch's
    /// indexer holds its transaction open for up to a second (`BackgroundIndexer`) and applies
    /// these entries itself; a store opening meanwhile need not wait for it, as its searches
    /// check what the index lacks.
    func catchUpUnlessBusy() throws(StoreError) -> Int64? {
        if let seen = try caughtUpSeq() { return seen }
        return try index.transactionUnlessLocked(Self.catchingUp) { () throws(StoreError) -> Int64 in
            try applyAndRecord()
        }
    }

    static let catchingUp = "updating the search index"

    /// The seq the index has applied through when the log holds nothing after it, nil when
    /// there is something to apply. Read without the write lock: most opens find nothing.
    func caughtUpSeq() throws(StoreError) -> Int64? {
        let seen = try appliedSeq()
        return try loggedSeq() > seen ? nil : seen
    }

    /// Applies and records every entry after `applied_seq`, read under the write lock the
    /// caller holds: another process (a `show` opening while a fetch indexes) may have applied
    /// some meanwhile, and applying an entry twice would list its article twice.
    private func applyAndRecord() throws(StoreError) -> Int64 {
        let applied = try appliedSeq()
        let through = try apply(after: applied)
        if through > applied { try record(applied: through) }
        return through
    }

    /// Applies every entry after `seq` inside the index transaction the caller holds and
    /// returns the seq applied up to, without recording it: `record(applied:)` does, once
    /// before the commit, and writes what the transaction gathered as one segment.
    func apply(after seq: Int64) throws(StoreError) -> Int64 {
        let operation = Self.catchingUp
        guard seq >= 0 else {
            // Only a rebuild fills an index that replaced one of the old format.
            throw StoreError(path: index.path, operation: operation,
                             message: "the search index must be built again" + StoreError.damageAdvice)
        }
        let entries = try main.prepare(
            """
            SELECT l.seq, l.article_id, a.id IS NOT NULL, a.title, a.summary, a.content
            FROM search_log l LEFT JOIN articles a ON a.id = l.article_id
            WHERE l.seq > ?1 ORDER BY l.seq
            """, operation)
        try entries.bind(seq, at: 1)
        let writer = IndexWriter(postings: try gathered(), operation: operation)
        var named = Set<Int64>()
        var last = seq
        while try entries.step() {
            last = entries.int64(at: 0)
            let articleID = entries.int64(at: 1)
            guard named.insert(articleID).inserted else { continue }
            if entries.bool(at: 2) { try writer.add(articleID, textOf: entries, from: 3) }
            // A long log (a first fetch of thousands of feeds) is written a segment at a time.
            if let postings, postings.count >= Self.gatheredPostingsLimit {
                try postings.write(into: index, operation)
                try SearchSegments.mergeFullLevels(in: index, liveArticles: liveArticles, operation)
            }
        }
        return last
    }

    /// Records in the index file, inside the caller's transaction, that it holds every entry
    /// through `seq`.
    func record(applied seq: Int64) throws(StoreError) {
        if let postings, postings.count > 0 {
            try postings.write(into: index, Self.catchingUp)
            try SearchSegments.mergeFullLevels(in: index, liveArticles: liveArticles, Self.catchingUp)
        }
        let state = try index.prepare("UPDATE search_state SET applied_seq = ?1", Self.catchingUp)
        try state.bind(seq, at: 1)
        try state.run()
    }

    static let building = "building the search index"

    /// Builds the index from the articles when it must be (`mustRebuild`), deciding under the
    /// index's write lock. A build holds that lock from its start to its commit, so an index
    /// another process is building is neither built a second time beside it nor taken for one
    /// whose build was interrupted. While another connection holds the lock, returns false at
    /// once when `waiting` is nil; otherwise calls it once and waits for the lock (a build takes
    /// minutes at a million articles). True when the index is built, by this call or before it.
    func buildIfNeeded(waiting: (() -> Void)?) throws(StoreError) -> Bool {
        // Read first without the lock, which nearly every call then need not take: an index
        // found built is brought up to the log by catching up, not by a build.
        guard try mustRebuild() else { return true }
        var toldWaiting = false
        var joined = false
        while true {
            if let builtNow = try index.transactionUnlessLocked(Self.building, { () throws(StoreError) -> Bool in
                guard try mustRebuild() else { return false }
                joined = try build()
                return true
            }) {
                if builtNow { try compact(joined: joined) }
                return true
            }
            guard let waiting else { return false }
            if !toldWaiting {
                waiting()
                toldWaiting = true
            }
            usleep(Self.lockPollMicroseconds)
        }
    }

    /// How often a wait for another process's build looks at the index's write lock again.
    private static let lockPollMicroseconds: UInt32 = 100_000

    /// Empties the index and indexes every article, as of one read of the main file, up to
    /// the log's newest entry, inside the index transaction the caller holds. True when it
    /// joined segments, which leaves as many free pages as the index holds (`compact`).
    private func build() throws(StoreError) -> Bool {
        let operation = Self.building
        return try main.reading(operation) { () throws(StoreError) -> Bool in
            // A damaged article table can read as short, or empty, without an error: built
            // from it, the index would say every search matches nothing, and record itself up
            // to date. The check takes seconds at a million articles, the build minutes.
            try main.requireIntact(table: "articles", operation)
            if let notice {
                let count = try articleCount(operation)
                if count >= Self.longBuildArticles { notice(.building(articles: count)) }
            }
            let logged = try loggedSeq()
            let articles = try main.prepare("SELECT id, title, summary, content FROM articles ORDER BY id", operation)
            try index.execute("DELETE FROM search_postings", operation)
            try index.execute("DELETE FROM search_segments", operation)
            let postings = try gathered()
            let writer = IndexWriter(postings: postings, operation: operation)
            while try articles.step() {
                try writer.add(articles.int64(at: 0), textOf: articles, from: 1)
                // A segment at a time keeps the memory bounded (a million articles hold
                // about 400 million postings); they are joined into one at the end, each
                // list once, as their ids do not overlap.
                if postings.count >= Self.gatheredPostingsLimit { try postings.write(into: index, operation) }
            }
            try postings.write(into: index, operation)
            let joined = try SearchSegments.mergeAll(in: index, operation)
            try record(applied: logged)
            return joined
        }
    }

    /// After a build's commit: segments joined at the end would leave the file twice its size
    /// (VACUUM takes a second at 100,000 articles), and the log as long as the index.
    private func compact(joined: Bool) throws(StoreError) {
        if joined { try index.vacuum(Self.building) }
        try SearchIndexFile.emptyLog(of: index)
    }

    /// The postings an index transaction gathers before it writes them out as a segment. The
    /// memory also grows with the distinct trigrams: rebuilding the benchmark's databases
    /// (a million distinct trigrams at 100,000 articles) peaked at 266 MB, at 1M at 277 MB.
    static let gatheredPostingsLimit = 16 << 20

    /// Merges every segment into one, leaving out the articles that no longer exist, in a
    /// transaction of its own. For `vacuum`.
    func optimize() throws(StoreError) {
        let operation = "merging the search index"
        try index.transaction(operation) { () throws(StoreError) in
            _ = try SearchSegments.mergeAll(in: index, keeping: try liveArticles(), operation)
        }
    }

    /// The articles that exist, as one read of the main file sees them: a read at least as new
    /// as any the index was written from, so that an id it lists and this leaves out is of an
    /// article deleted since. Nil where ids set by hand pass what a bitmap holds: merged then
    /// without leaving any out.
    private func liveArticles() throws(StoreError) -> ArticleIDSet? {
        let operation = "reading which articles exist"
        return try main.reading(operation) { () throws(StoreError) -> ArticleIDSet? in
            let newest = try main.prepare("SELECT COALESCE(MAX(id), 0) FROM articles", operation)
            guard try newest.step(), newest.int64(at: 0) <= FeedStore.largestSearchedID else { return nil }
            newest.reset()
            return try ArticleIDSet(articlesOf: main, operation)
        }
    }

    /// Deletes the log entries the index has applied, but the newest: a row id is one more
    /// than the largest in the table, so the newest entry stays to keep seqs growing. And
    /// records in the main file how far the index had applied (`isCaughtUp`). Runs on the
    /// main file's writing connection `store`.
    static func trimLog(on store: Database, appliedThrough applied: Int64) throws(StoreError) {
        let operation = "trimming the search log"
        let state = try store.prepare(
            "SELECT COALESCE(MIN(seq), ?2), (SELECT value FROM settings WHERE key = ?1) FROM search_log", operation)
        try state.bind(appliedMark, at: 1)
        try state.bind(applied, at: 2)
        guard try state.step(), state.int64(at: 0) < applied || state.string(at: 1) != String(applied) else { return }
        state.reset()
        try store.withoutCheckpoint { () throws(StoreError) in
            try store.transaction(operation) { () throws(StoreError) in
                // Read under the write lock: another process's fetch may have logged more
                // since the look above, and those entries must stay.
                if try newestSeq(on: store, operation) == applied {
                    try keepOnlyNewest(applied, on: store, operation)
                } else {
                    let trim = try store.prepare("DELETE FROM search_log WHERE seq < ?1", operation)
                    try trim.bind(applied, at: 1)
                    try trim.run()
                }
                let mark = try store.prepare(
                    "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    operation)
                try mark.bind(appliedMark, at: 1)
                try mark.bind(String(applied), at: 2)
                try mark.run()
            }
        }
    }

    private static func newestSeq(on store: Database, _ operation: String) throws(StoreError) -> Int64? {
        let newest = try store.prepare("SELECT MAX(seq) FROM search_log", operation)
        guard try newest.step() else { return nil }
        return newest.optionalInt64(at: 0)
    }

    /// Empties the log but for its newest entry, `newest`. A DELETE with no WHERE empties the
    /// table page by page instead of row by row (SQLite's truncate optimization): after a
    /// cold fetch of 10,000 articles, deleting the rows one by one was about 10 ms at the end
    /// of the run, with nothing else left to overlap it.
    private static func keepOnlyNewest(_ newest: Int64, on store: Database, _ operation: String) throws(StoreError) {
        let read = try store.prepare("SELECT article_id FROM search_log WHERE seq = ?1", operation)
        try read.bind(newest, at: 1)
        guard try read.step() else { return }
        let articleID = read.int64(at: 0)
        read.reset()
        try store.execute("DELETE FROM search_log", operation)
        let keep = try store.prepare("INSERT INTO search_log (seq, article_id) VALUES (?1, ?2)", operation)
        try keep.bind(newest, at: 1)
        try keep.bind(articleID, at: 2)
        try keep.run()
    }

    /// The `settings` key of the last applied seq `trimLog` saw.
    private static let appliedMark = "search_index.applied"

    /// True when, by the main file's own record, the index has applied every log entry:
    /// then opening the store need not open the index (a tenth of a cold `show` at 1M).
    static func isCaughtUp(_ store: Database) throws(StoreError) -> Bool {
        let state = try store.prepare(
            "SELECT (SELECT value FROM settings WHERE key = ?1) = CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM search_log",
            "reading the search log")
        try state.bind(appliedMark, at: 1)
        return try state.step() && state.bool(at: 0)
    }
}

/// Adds articles' text to the postings of an index transaction.
private struct IndexWriter {
    let postings: SearchPostings
    let operation: String

    /// Indexes the article whose title, summary and content are `row`'s columns from `column` on.
    func add(_ articleID: Int64, textOf row: Statement, from column: Int32) throws(StoreError) {
        let text = row.withUTF8(at: column) { title in
            row.withUTF8(at: column + 1) { summary in
                row.withUTF8(at: column + 2) { SearchText.utf8(title: title, summary: summary, content: $0) }
            }
        } ?? Array(SearchText.of(title: row.string(at: column), summary: row.string(at: column + 1),
                                 content: row.string(at: column + 2)).utf8)
        try text.withUnsafeBufferPointer { text throws(StoreError) in try postings.add(articleID, text: text, operation) }
    }
}
