// The menu's own words in each interface language.
import NewsModel

enum MenuText {
    static func emptyTab(_ language: UILanguage, _ hint: EmptyTabHint) -> String {
        switch (hint, language) {
        case (.runFetch(let options), .english): "No articles yet — run `newsmenu fetch\(options)`"
        case (.runFetch(let options), .japanese): "まだ記事がありません — newsmenu fetch\(options) を実行してください"
        case (.pressFetchKey, .english): "No articles yet — press r to fetch"
        case (.pressFetchKey, .japanese): "まだ記事がありません — r キーで取得します"
        case (.addFeed(let tab, let options), .english):
            "No feeds in this tab — newsmenu add URL --tab \(ShellWord.quoted(tab))\(options)"
        case (.addFeed(let tab, let options), .japanese):
            "このタブにはフィードがありません — newsmenu add URL --tab \(ShellWord.quoted(tab))\(options)"
        case (.feedsFailing(let options), .english):
            "No articles: every feed of this tab failed at its last fetch — `newsmenu status\(options)` says why"
        case (.feedsEmpty, .english): "No articles: this tab's feeds held none at their last fetch"
        case (.feedsEmpty, .japanese): "記事がありません — このタブのフィードは前回の取得で空でした"
        case (.feedsFailing(let options), .japanese):
            "記事がありません — このタブのフィードはすべて前回の取得に失敗しました（理由は newsmenu status\(options)）"
        }
    }

    static func untitled(_ language: UILanguage) -> String {
        switch language {
        case .english: "(untitled)"
        case .japanese: "(無題)"
        }
    }
}
