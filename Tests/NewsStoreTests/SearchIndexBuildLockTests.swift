// The search index is built by one process at a time: the others leave its file alone, and
// wait for it (a search) or go on without it (opening, fetching).
import Foundation
import NewsModel
import Testing
@testable import NewsStore

@Suite("Search index built by one process at a time")
struct SearchIndexBuildLockTests {
    @Test("a search waits for the index another process is building, without replacing its file, and builds it itself when that build ends uncommitted")
    func searchWaits() throws {
        let fixture = try IndexBeingBuilt()
        let heard = Heard()
        let store = try FeedStore(path: fixture.path, noticing: { notice in
            heard.notices.append(notice)
            // The other process's build ends here, killed before its commit.
            fixture.holder.release()
        })
        #expect(try store.search("pangolin").map(\.article.title) == ["Pangolin"])
        #expect(heard.notices == [.waitingForAnotherBuild])
        #expect(try fixture.indexFileNumber() == fixture.fileNumber)
        try SearchIndexMoveTests.expectBuiltFromTheArticles(fixture.path)
    }

    @Test("opening the store, and storing and indexing with or without the indexing thread, while another process builds the index neither fail nor touch its file; a search afterwards finds what they stored")
    func othersGoOn() throws {
        let fixture = try IndexBeingBuilt()
        // Stored after the index last caught up: the main file no longer records it up to date.
        try fixture.fixture.store.store(feed([Article(id: "b", title: "Tapir", link: "https://n.example/b")]),
                                        from: fixture.fixture.news, fetchedAt: date(2_000))
        let other = try FeedStore(path: fixture.path)
        try fixture.fixture.store.finishIndexing()
        other.startIndexing(commitInterval: 0)
        try other.store(feed([Article(id: "c", title: "Quetzal", link: "https://t.example/c")]),
                        from: fixture.fixture.tech, fetchedAt: date(3_000))
        // The indexing thread waits out the busy timeout (5 s) for the lock, then leaves what
        // was stored to the log.
        try other.finishIndexing()
        #expect(try fixture.indexFileNumber() == fixture.fileNumber)
        #expect(try RawConnection(path: other.searchIndexPath).integer("SELECT applied_seq FROM search_state") == -1)

        fixture.holder.release()
        for (term, title) in [("pangolin", "Pangolin"), ("tapir", "Tapir"), ("quetzal", "Quetzal")] {
            #expect(try other.search(term).map(\.article.title) == [title], "\(term)")
        }
        try SearchIndexMoveTests.expectBuiltFromTheArticles(fixture.path)
    }

    @Test("a store replacing an index it found unreadable keeps a sound file another process has put in its place since, even while building it; it replaces one in an old format, and vacuum's replacement keeps nothing")
    func replacedOnce() throws {
        let fixture = try IndexBeingBuilt()
        let store = fixture.fixture.store
        _ = try store.replaceSearchIndex(keepingSound: true)
        #expect(try fixture.indexFileNumber() == fixture.fileNumber)
        fixture.holder.release()

        // Files are told apart by what they hold: a freed inode is soon given to a new file.
        let index = SearchIndexFile.path(for: fixture.path)
        try writeFTS5SearchIndex(for: fixture.path, rows: [], appliedSeq: 1)
        _ = try store.replaceSearchIndex(keepingSound: true)
        let replaced = try RawConnection(path: index)
        #expect(try replaced.texts(SearchIndexMoveTests.tables) == SearchIndexMoveTests.postingsTables)
        #expect(try replaced.integer("SELECT applied_seq FROM search_state") == SearchIndexFile.mustRebuildSeq)

        let marked = "SELECT COUNT(*) FROM search_segments WHERE id = 99"
        try replaced.execute("INSERT INTO search_segments (id, postings) VALUES (99, 0)")
        _ = try store.replaceSearchIndex(keepingSound: true)
        #expect(try RawConnection(path: index).integer(marked) == 1)
        _ = try store.replaceSearchIndex(keepingSound: false)
        #expect(try RawConnection(path: index).integer(marked) == 0)
        #expect(try store.search("pangolin").map(\.article.title) == ["Pangolin"])
    }

    private final class Heard {
        var notices: [SearchIndexNotice] = []
    }
}

/// A store with one article, whose search index another process has made new and is
/// building: `search_state` marks it unbuilt, and `holder` holds its write lock as a build
/// does from its start to its commit.
private struct IndexBeingBuilt {
    let fixture: NewsAndTechStore
    let path: String
    let holder: IndexLockHolder
    /// The index file's inode before anything else ran: the same file while it stays so. (While
    /// `holder` keeps the file open its inode cannot be freed, so no file made in its place
    /// can have it.)
    let fileNumber: UInt64

    init() throws {
        fixture = try NewsAndTechStore()
        path = fixture.temp.path("news.db")
        try fixture.store.store(feed([Article(id: "a", title: "Pangolin", link: "https://n.example/a")]),
                                from: fixture.news, fetchedAt: date(1_000))
        try fixture.store.finishIndexing()
        let index = SearchIndexFile.path(for: path)
        try RawConnection(path: index).execute("UPDATE search_state SET applied_seq = ?1",
                                               [.integer(SearchIndexFile.mustRebuildSeq)])
        fileNumber = try inode(of: index)
        holder = try IndexLockHolder(path: index)
    }

    func indexFileNumber() throws -> UInt64 {
        try inode(of: SearchIndexFile.path(for: path))
    }
}

/// The inode of the file at `path`.
private func inode(of path: String) throws -> UInt64 {
    try #require((try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value)
}

/// A connection of another process holding a file's write lock, on a thread of its own, from
/// `init` until `release` (or the end of the test), which rolls its transaction back.
private final class IndexLockHolder: @unchecked Sendable {
    private let taken = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    /// What failed on the thread, read after `taken`.
    private var failure: StoreError?
    private var isReleased = false

    init(path: String) throws {
        Thread { [self] in
            do throws(StoreError) {
                let connection = try Database(path: path)
                try connection.beginWriting("holding the write lock")
                taken.signal()
                released.wait()
                connection.rollBack()
            } catch {
                failure = error
                taken.signal()
            }
            ended.signal()
        }.start()
        taken.wait()
        if let failure { throw failure }
    }

    func release() {
        guard !isReleased else { return }
        isReleased = true
        released.signal()
        ended.wait()
    }

    deinit {
        release()
    }
}
