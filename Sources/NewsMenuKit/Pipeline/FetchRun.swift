// One fetch, as `newsmenu fetch` and the interactive view's `r` both run it under the fetch
// lock their caller holds: the tabs synced, the due feeds refreshed, retention applied when
// due, and the articles that are new, for the on_new hook.
import Foundation
import NewsFetch
import NewsModel
import NewsStore

/// Why a run stopped before its feeds had outcomes.
enum FetchRunFailure: Error, CustomStringConvertible {
    case store(StoreError)
    /// libcurl cannot be loaded: no feed was tried, and none is marked as failing.
    case noLibcurl(String)

    var description: String {
        switch self {
        case .store(let error): return "database \(error)"
        case .noLibcurl(let message): return message
        }
    }
}

struct FetchRun {
    struct Outcome {
        var report: RefreshReport
        /// Empty when there is no hook to feed.
        let newArticles: [ArticleRow]
    }

    private let config: Config
    private let store: FeedStore
    private let refresh: FeedRefresh
    private let watch: NewArticleWatch?
    private let startedEarly: FeedRefresh.StartedDownloads?

    /// Starts the downloads before the store is opened when the database at `databasePath`
    /// does not exist yet (a first run): nothing stored decides what is fetched, and making
    /// the database (its migrations, the search index file, the tabs: 20-30 ms of a cold
    /// fetch of 500 feeds) then runs beside the first downloads instead of before them.
    /// Called under the fetch lock, so no other fetch makes the database meanwhile.
    static func startBeforeOpening(config: Config, databasePath: String,
                                   options: RefreshOptions) -> FeedRefresh.StartedDownloads? {
        guard !FileManager.default.fileExists(atPath: databasePath) else { return nil }
        return FeedRefresh.startForNewDatabase(config, options)
    }

    /// `startedEarly`: what `startBeforeOpening` started, stored instead of a new plan.
    init(config: Config, store: FeedStore, options: RefreshOptions = RefreshOptions(),
         startedEarly: FeedRefresh.StartedDownloads? = nil) throws(StoreError) {
        self.config = config
        self.store = store
        self.startedEarly = startedEarly
        try store.syncTabs(config.tabs)
        watch = try NewArticleWatch(config: config, store: store)
        refresh = FeedRefresh(config: config, store: store, options: options)
    }

    /// How many feeds the run will fetch.
    var plannedFeedCount: Int { refresh.plannedFeedCount }

    func run(onOutcome: (FeedOutcome) -> Void) throws(FetchRunFailure) -> Outcome {
        // The search index is written on its own thread while the batches are stored, and
        // has everything (retention's deletions too) before the run ends. Started, and the
        // fetch states read, while libcurl is still loading (Fetcher.loadLibraryInBackground):
        // both used to wait for it, a few milliseconds of every run.
        store.startIndexing()
        let downloads: FeedRefresh.StartedDownloads
        do {
            downloads = try readyDownloads()
        } catch {
            try? store.finishIndexing()
            throw error
        }
        do {
            let report = try refresh.run(downloads, onOutcome: onOutcome)
            try store.applyRetentionIfDue(config.retention, now: Date())
            try store.finishIndexing()
            let newArticles = report.newArticles > 0 ? try watch?.newArticles(in: store) ?? [] : []
            return Outcome(report: report, newArticles: newArticles)
        } catch {
            // Stops the thread; what it could not index is indexed at the next open, and
            // searches find it meanwhile. The run's own error is the one to report.
            try? store.finishIndexing()
            throw .store(error)
        }
    }

    /// The run's downloads (started early, or now from the stored fetch states), once
    /// libcurl is known to load if anything is to be downloaded: before anything is stored.
    /// Without libcurl the download thread fetches nothing (`FeedRefresh.start`).
    private func readyDownloads() throws(FetchRunFailure) -> FeedRefresh.StartedDownloads {
        let downloads: FeedRefresh.StartedDownloads
        if let startedEarly {
            downloads = startedEarly
        } else {
            do {
                downloads = refresh.start(try refresh.plan())
            } catch {
                throw .store(error)
            }
        }
        if downloads.downloads, let problem = Fetcher.libraryProblem() { throw .noLibcurl(problem) }
        return downloads
    }
}
