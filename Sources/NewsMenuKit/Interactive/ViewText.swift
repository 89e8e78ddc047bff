// The interactive view's own fixed words outside the page (the status line's hints and
// prompts, the too-small notice), in the menu's language.
import NewsRender

enum ViewText {
    static func keysHint(_ language: UILanguage) -> String {
        language == .japanese ? "? キー操作 · / 検索 · r 取得 · q 終了" : "? keys · / search · r fetch · q quit"
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

    static func tooSmall(columns: Int, rows: Int, _ language: UILanguage) -> String {
        language == .japanese ? "ウィンドウが小さすぎます: \(columns)×\(rows)" : "window too small: \(columns)×\(rows)"
    }
}
