// RSS documents whose every item id carries the document's number, so the articles stored
// from one response can be told apart from the next response's; the text is long enough,
// and Japanese enough, to make the store and its search index work.
enum NumberedRSS {
    static func document(_ document: Int, items: Int) -> String {
        let entries = (0..<items).map { item in
            "<item><title>記事 \(document)-\(item) news</title><guid>d\(document)-i\(item)</guid>"
                + "<link>https://site.example/\(document)/\(item)</link>"
                + "<description>\(String(repeating: "東京の天気と株価 text ", count: 12))</description></item>"
        }.joined()
        return "<rss version=\"2.0\"><channel><title>feed</title>\(entries)</channel></rss>"
    }
}
