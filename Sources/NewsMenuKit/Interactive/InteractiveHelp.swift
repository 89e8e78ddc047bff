// The key help `?` shows: every key of the interactive view, or, over an article being
// read, the keys there, one line each, and how to leave it (the status line under it says
// so at every size), in the menu's language.
import NewsRender

/// Which keys the help lists: the list's, or those of an article being read.
enum HelpTopic: Equatable, Sendable {
    case list, reading
}

enum InteractiveHelp {
    /// In English: the man page lists these too.
    static let entries: [(keys: String, meaning: String)] = [
        ("← → h l Tab S-Tab", "previous / next tab (wraps)"),
        ("1–9  0  $", "tab by number, first tab, last tab"),
        ("↑ ↓ j k", "previous / next article"),
        ("PgUp PgDn Space", "page up / down"),
        ("Ctrl-U Ctrl-D", "half a page up / down"),
        ("g G Home End", "first / last article"),
        ("u U", "next / previous unread article (while reading too)"),
        ("Enter", "read the article here and mark it read: ↑ ↓ Space scroll, J K next / previous, q back"),
        ("o", "open in the browser and mark read"),
        ("m", "mark read / unread"),
        ("s", "star / unstar"),
        ("A", "mark every article of the tab read (asks)"),
        ("/  n N", "search the tab's titles, next / previous match"),
        ("Ctrl-U Ctrl-W", "while searching: clear the query, delete its last word"),
        ("r", "fetch every feed now, due or not (not those gone: 410)"),
        ("Ctrl-L", "repaint the screen"),
        ("Ctrl-Z", "suspend"),
        ("q Esc", "quit"),
        ("mouse", "click a tab or article; click again to read it; wheel scrolls; sideways wheel or Shift+wheel switches tabs"),
    ]

    /// What each entry's keys do, in Japanese, entry for entry.
    private static let japaneseMeanings = [
        "前 / 次のタブ（端で一周）",
        "番号のタブ、最初のタブ、最後のタブ",
        "前 / 次の記事",
        "前 / 次のページ",
        "半ページ上 / 下",
        "最初 / 最後の記事",
        "次 / 前の未読の記事（記事を読んでいるときも）",
        "記事をここで読んで既読にする: ↑ ↓ Space でスクロール、J K で次 / 前の記事、q で戻る",
        "ブラウザで開いて既読にする",
        "既読 / 未読を切り替える",
        "スターを付ける / 外す",
        "タブの記事をすべて既読にする（確認します）",
        "タブの見出しを検索、次 / 前の一致",
        "検索中: 入力を消す、最後の語を消す",
        "すべてのフィードを今すぐ取得（配信終了 410 のものを除く）",
        "画面を描き直す",
        "一時停止",
        "終了",
        "タブや記事をクリック、もう一度で記事を読む。ホイールでスクロール、横ホイールか Shift+ホイールでタブ切り替え",
    ]

    /// The keys while an article is read (`?` there), in English.
    static let readingEntries: [(keys: String, meaning: String)] = [
        ("↑ ↓ j k Space b", "scroll a line, a page"),
        ("PgUp PgDn Ctrl-U Ctrl-D", "a page, half a page"),
        ("g G Home End", "top / end of the article"),
        ("J K", "next / previous article of the tab"),
        ("u U", "next / previous unread article"),
        ("/  n N", "search the article's lines, next / previous match"),
        ("1–9 … Enter", "open the link of that number"),
        ("Enter o", "open the article in the browser"),
        ("m s", "mark read / unread, star / unstar"),
        ("r", "fetch every feed now"),
        ("q Esc h ← BS", "back to the list"),
        ("mouse", "the wheel scrolls"),
    ]

    private static let readingJapaneseMeanings = [
        "1 行、1 ページずつスクロール",
        "1 ページ、半ページ",
        "記事の先頭 / 末尾",
        "タブの次 / 前の記事",
        "次 / 前の未読の記事",
        "記事の行を検索、次 / 前の一致",
        "その番号のリンクを開く",
        "記事をブラウザで開く",
        "既読 / 未読、スターを付ける / 外す",
        "すべてのフィードを今すぐ取得",
        "一覧に戻る",
        "ホイールでスクロール",
    ]

    static func entries(_ language: UILanguage, _ topic: HelpTopic = .list) -> [(keys: String, meaning: String)] {
        let english = topic == .list ? entries : readingEntries
        switch language {
        case .english: return english
        case .japanese:
            let meanings = topic == .list ? japaneseMeanings : readingJapaneseMeanings
            return zip(english, meanings).map { (keys: $0.0.keys == "mouse" ? "マウス" : $0.0.keys, meaning: $0.1) }
        }
    }

    static func count(_ topic: HelpTopic) -> Int {
        topic == .list ? entries.count : readingEntries.count
    }

    static func title(_ language: UILanguage, _ topic: HelpTopic = .list) -> String {
        switch (language, topic) {
        case (.english, .list): "newsmenu — keys"
        case (.english, .reading): "newsmenu — keys while reading an article"
        case (.japanese, .list): "newsmenu — キー操作"
        case (.japanese, .reading): "newsmenu — 記事を読むときのキー操作"
        }
    }

    static func closingHint(_ language: UILanguage) -> String {
        language == .japanese ? "q Esc でヘルプを閉じる" : "q Esc close this help"
    }

    /// Where not every entry fits: how to scroll and which entries show.
    static func scrollHint(first: Int, last: Int, of count: Int, _ language: UILanguage) -> String {
        language == .japanese ? "↑ ↓ j k でスクロール · \(first)–\(last) / \(count)"
                              : "↑ ↓ j k scroll · \(first)–\(last) of \(count)"
    }
}
