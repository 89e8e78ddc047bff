// The menu's own words in each interface language.

enum MenuText {
    static func emptyTab(_ language: UILanguage) -> String {
        switch language {
        case .english: "No articles yet — run `newsmenu fetch`"
        case .japanese: "まだ記事がありません — newsmenu fetch を実行してください"
        }
    }

    static func untitled(_ language: UILanguage) -> String {
        switch language {
        case .english: "(untitled)"
        case .japanese: "(無題)"
        }
    }
}
