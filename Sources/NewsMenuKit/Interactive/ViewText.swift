// The interactive view's own fixed words outside the page (the status line's hints and
// prompts, the too-small notice), in the menu's language.
import NewsRender

enum ViewText {
    static func keysHint(_ language: UILanguage) -> String {
        language == .japanese ? "? キー操作 · / 検索 · r 取得 · q 終了" : "? keys · / search · r fetch · q quit"
    }

    /// The status line under an article being read: how far into it the screen's last line
    /// is, and the keys that matter there, the way back first, as a narrow window cuts the end.
    static func readingHint(shownTo percent: Int, _ language: UILanguage) -> String {
        switch language {
        case .english: "\(percent)% · q back · ↑ ↓ Space scroll · J K next / previous · u next unread · o open"
        case .japanese: "\(percent)% · q 戻る · ↑ ↓ Space スクロール · J K 次 / 前 · u 次の未読 · o ブラウザ"
        }
    }

    /// The status line while a link's number is typed over the article.
    static func choosingLink(_ number: Int, of count: Int, _ language: UILanguage) -> String {
        switch language {
        case .english: "open link \(number)_ (1–\(count)) · Enter opens · Esc cancels"
        case .japanese: "リンク \(number)_ を開く（1–\(count)）· Enter で開く · Esc で取り消し"
        }
    }

    static func fetching(done: Int, of total: Int, _ language: UILanguage) -> String {
        switch language {
        case .english: total > 0 ? "fetching: \(done) of \(total) feeds" : "fetching…"
        case .japanese: total > 0 ? "取得中: \(done) / \(total) フィード" : "取得中…"
        }
    }

    static func confirmMarkRead(unread: Int, tab: String, _ language: UILanguage) -> String {
        switch language {
        case .english: "mark all \(unread) unread articles in \(tab) read? y/n"
        case .japanese: "\(tab) の未読 \(unread) 件をすべて既読にしますか? y/n"
        }
    }

    /// The notice for a window of `columns` × `rows`, in the longest of its forms that fits
    /// the width: the sentence, fewer words, the size alone; never one cut into the size,
    /// the part that tells the reader how far to enlarge it. Empty where not even the size fits.
    static func tooSmall(columns: Int, rows: Int, _ language: UILanguage, ambiguousWide: Bool) -> String {
        let size = "\(columns)×\(rows)"
        let forms = switch language {
        case .english: ["window too small: \(size)", "too small: \(size)", size]
        case .japanese: ["ウィンドウが小さすぎます: \(size)", "小さすぎます: \(size)", size]
        }
        return forms.first { DisplayWidth.width(of: $0, ambiguousWide: ambiguousWide) <= columns } ?? ""
    }
}
