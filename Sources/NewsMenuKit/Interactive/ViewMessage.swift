// What the interactive view's status line says after a key or an event, in the menu's
// language: a Japanese reader gets the status line in Japanese, as the page above it is.
// What comes from elsewhere (an error's own words, a path, a query) is shown as it is.
import NewsRender

enum ViewMessage: Equatable, Sendable {
    /// `A` was answered with something other than y.
    case notMarked
    case nothingUnread(tab: String)
    /// The search as typed so far matches no title.
    case noMatch
    /// `n` or `N` before any search.
    case noSearchYet
    case noMatchFor(query: String)
    /// The line a search in the article being read went to is the `position`th of the
    /// `count` lines holding the query (from 1).
    case articleMatch(position: Int, count: Int, query: String)
    case starred
    case unstarred
    /// The article was deleted (retention, another process) after the frame showed it.
    case articleGone
    case markedRead(count: Int)
    case fetchAlreadyRunning
    /// A look or the tab viewed last could not be written: `detail` says why.
    case lookNotRecorded(detail: String)
    /// The reader's own change could not be written.
    case notSaved(ReaderChange, detail: String)
    case noLink
    /// `J` on the tab's last article, `K` on its first, while reading.
    case lastArticle
    case firstArticle
    /// `m` while reading, where no marker shows the change.
    case markedArticleRead
    case markedArticleUnread
    /// The article being read was deleted meanwhile (retention, another process): the list
    /// is back.
    case readArticleDeleted
    /// Digits while reading named no link of the article's `count`.
    case noSuchLink(Int, count: Int)
    /// `u` with no unread article below the selection, `U` with none above.
    case noUnreadBelow
    case noUnreadAbove
    /// A link the view does not hand to a browser: why, and the link.
    case refusedLink(reason: String, link: String)
    case browserFailed(String)
    /// Another process holds the fetch lock (`FileLockError.running`'s words).
    case lockHeld(by: String, command: String)
    case fetched(RefreshReport, hookProblem: String?)
    case fetchFailed(String)
    /// Ctrl-Z stopped a running `r` (its lock would have kept cron out): what arrived is stored.
    case fetchStoppedBySuspend(fetched: Int)
    /// The config file changed into one the view cannot show (invalid, gone, every tab
    /// disabled): why, naming the file. The tabs stay as they were.
    case configNotFollowed(String)
    /// `r` with such a config: fetching with the tabs shown could bring back what the file
    /// no longer lists.
    case notFetchedConfigUnusable(String)

    /// The changes a reader makes in the view.
    enum ReaderChange: Equatable, Sendable {
        case star, unstar, markTabRead, markRead, markUnread

        var english: String {
            switch self {
            case .star: "starring it"
            case .unstar: "unstarring it"
            case .markTabRead: "marking the tab read"
            case .markRead: "marking it read"
            case .markUnread: "marking it unread"
            }
        }

        var japanese: String {
            switch self {
            case .star: "スター"
            case .unstar: "スターの解除"
            case .markTabRead: "タブの既読"
            case .markRead: "既読"
            case .markUnread: "未読への変更"
            }
        }
    }

    func text(_ language: UILanguage) -> String {
        switch language {
        case .english: english
        case .japanese: japanese
        }
    }

    private var english: String {
        switch self {
        case .notMarked: "not marked"
        case .nothingUnread(let tab): "nothing unread in \(tab)"
        case .noMatch: "no match"
        case .noSearchYet: "no search yet: type / to search"
        case .noMatchFor(let query): "no match for \(query)"
        case .articleMatch(let position, let count, let query): "line \(position) of \(count) with \(query)"
        case .starred: "starred"
        case .unstarred: "unstarred"
        case .articleGone: "this article is no longer stored (deleted meanwhile); nothing was changed"
        case .markedRead(let count): "marked \(count) \(count == 1 ? "article" : "articles") read"
        case .fetchAlreadyRunning: "a fetch is already running"
        case .lookNotRecorded(let detail): "the look was not recorded: \(detail)"
        case .notSaved(let change, let detail): "\(change.english) was not saved: \(detail)"
        case .noLink: "this article has no link"
        case .lastArticle: "this is the tab's last article"
        case .firstArticle: "this is the tab's first article"
        case .noUnreadBelow: "no unread article below this one"
        case .markedArticleRead: "marked read"
        case .markedArticleUnread: "marked unread"
        case .readArticleDeleted: "the article was deleted meanwhile (retention, or another newsmenu): back to the list"
        case .noSuchLink(let number, let count):
            count == 0 ? "this article has no numbered links" : "no link \(number): the links are 1–\(count)"
        case .noUnreadAbove: "no unread article above this one"
        case .refusedLink(let reason, let link): "\(reason): \(link)"
        case .browserFailed(let failure): failure
        case .lockHeld(let holder, let command):
            FileLockError.running(command, holder)
                + (command == "fetch" ? "; its articles appear when it ends" : "; press r again once it has ended")
        case .fetched(let report, let problem): [report.summaryLine(), problem].compactMap { $0 }.joined(separator: "; ")
        case .fetchFailed(let detail): "fetch failed: \(detail)"
        case .fetchStoppedBySuspend(let fetched):
            "the fetch stopped when the view was suspended (\(fetched) \(fetched == 1 ? "feed" : "feeds") stored); r fetches again"
        case .configNotFollowed(let reason): "the config was not read again, the tabs are as they were: \(reason)"
        case .notFetchedConfigUnusable(let reason): "not fetching until the config can be read: \(reason)"
        }
    }

    private var japanese: String {
        switch self {
        case .notMarked: "既読にしませんでした"
        case .nothingUnread(let tab): "\(tab) に未読はありません"
        case .noMatch: "見つかりません"
        case .noSearchYet: "まだ検索していません: / で検索します"
        case .noMatchFor(let query): "「\(query)」は見つかりません"
        case .articleMatch(let position, let count, let query): "「\(query)」を含む \(count) 行中 \(position) 行目"
        case .starred: "スターを付けました"
        case .unstarred: "スターを外しました"
        case .articleGone: "この記事はもう保存されていません（削除されました）; 何も変更していません"
        case .markedRead(let count): "\(count) 件を既読にしました"
        case .fetchAlreadyRunning: "取得はすでに実行中です"
        case .lookNotRecorded(let detail): "閲覧を記録できませんでした: \(detail)"
        case .notSaved(let change, let detail): "\(change.japanese)を保存できませんでした: \(detail)"
        case .noLink: "この記事にはリンクがありません"
        case .lastArticle: "タブの最後の記事です"
        case .firstArticle: "タブの最初の記事です"
        case .noUnreadBelow: "これより下に未読の記事はありません"
        case .markedArticleRead: "既読にしました"
        case .markedArticleUnread: "未読に戻しました"
        case .readArticleDeleted: "読んでいた記事は削除されました（保存期間か、別の newsmenu）。一覧に戻ります"
        case .noSuchLink(let number, let count):
            count == 0 ? "この記事に番号付きのリンクはありません" : "リンク \(number) はありません: リンクは 1–\(count) です"
        case .noUnreadAbove: "これより上に未読の記事はありません"
        case .refusedLink(_, let link):
            "このリンクは開きません（開くのは \(BrowserLauncher.openedSchemes.joined(separator: ", ")) のリンクだけです）: \(link)"
        case .browserFailed(let failure): "ブラウザを起動できませんでした: \(failure)"
        case .lockHeld(let holder, let command) where command == "fetch":
            "別の取得が実行中です（\(holder)）; 終わると記事が表示されます"
        case .lockHeld(let holder, let command):
            "newsmenu \(command) が実行中です（\(holder)）; 終わってから r を押してください"
        case .fetched(let report, let problem): [Self.japaneseSummary(report), problem].compactMap { $0 }.joined(separator: "; ")
        case .fetchFailed(let detail): "取得に失敗しました: \(detail)"
        case .fetchStoppedBySuspend(let fetched): "一時停止したので取得を止めました（\(fetched) 件のフィードは保存済み）; r で取得し直します"
        case .configNotFollowed(let reason): "設定ファイルを読み直せません（タブは前のままです）: \(reason)"
        case .notFetchedConfigUnusable(let reason): "設定ファイルが読めるようになるまで取得しません: \(reason)"
        }
    }

    /// The fetch's summary line in Japanese, clause for clause as `RefreshReport.summaryLine`.
    private static func japaneseSummary(_ report: RefreshReport) -> String {
        let failed = report.failures.count
        var line = "\(report.fetched) 件のフィードを取得（成功 \(report.fetched - failed)、失敗 \(failed)）、新着 \(report.newArticles) 件"
        for (result, words) in [(FeedOutcome.Result.notDue, "件は取得時刻前"), (.gone, "件は配信終了（410）"),
                                (.retryLater, "件はサーバーの指示で待機中")] {
            let count = report.outcomes.count { $0.result == result }
            if count > 0 { line += "、\(count) \(words)" }
        }
        if report.noServerAnswered { line += "; どのサーバーも応答しません（オフラインか、プロキシの不調？）: 間隔は延ばしません" }
        if report.interruptedBy != nil { line += "; 中断されました（\(report.unfetched) 件は未取得）" }
        return line
    }
}
