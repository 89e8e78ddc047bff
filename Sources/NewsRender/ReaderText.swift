// The reading view's own words in each interface language.
import NewsModel

enum ReaderText {
    /// The body's stand-in when the feed gave no text; it names the key that opens the link
    /// only when there is a link to open.
    static func noText(_ language: UILanguage, hasLink: Bool) -> String {
        switch (language, hasLink) {
        case (.english, true): "No text in the feed: o opens the link."
        case (.english, false): "No text in the feed."
        case (.japanese, true): "フィードに本文がありません。o でリンクを開きます。"
        case (.japanese, false): "フィードに本文がありません。"
        }
    }

    /// An image's stand-in: its alternative text, when it has one.
    static func image(_ language: UILanguage, alt: String) -> String {
        let word = language == .japanese ? "画像" : "image"
        return alt.isEmpty ? "[\(word)]" : "[\(word): \(alt)]"
    }

    /// What a body plays or embeds, in its place in the text.
    enum Media {
        case video, audio
        /// Another page shown inside this one (a YouTube player), by its host when known.
        case embedded(host: String?)
    }

    /// A video's, a sound's or an embedded page's stand-in.
    static func media(_ language: UILanguage, _ media: Media) -> String {
        switch (language, media) {
        case (.english, .video): "[video]"
        case (.english, .audio): "[audio]"
        case (.english, .embedded(let host?)) where !host.isEmpty: "[embedded: \(host)]"
        case (.english, .embedded): "[embedded]"
        case (.japanese, .video): "[動画]"
        case (.japanese, .audio): "[音声]"
        case (.japanese, .embedded(let host?)) where !host.isEmpty: "[埋め込み: \(host)]"
        case (.japanese, .embedded): "[埋め込み]"
        }
    }

    /// A media file's line: what it is, its name and size where known.
    static func attachment(_ language: UILanguage, kind: ReaderAttachments.Kind, name: String, size: String?) -> String {
        let word = switch (language, kind) {
        case (.english, .audio): "audio"
        case (.english, .video): "video"
        case (.english, .image): "image"
        case (.english, .file): "file"
        case (.japanese, .audio): "音声"
        case (.japanese, .video): "動画"
        case (.japanese, .image): "画像"
        case (.japanese, .file): "添付ファイル"
        }
        let details = [name, size].compactMap { $0?.isEmpty == false ? $0 : nil }
        let separator = language == .japanese ? "、" : ", "
        return details.isEmpty ? "[\(word)]" : "[\(word): \(details.joined(separator: separator))]"
    }

    /// Before the author's name in the header: `by Jane Doe`, `著者: 山田 太郎`.
    static func authorLabel(_ language: UILanguage) -> String {
        language == .japanese ? "著者:" : "by"
    }

    /// What stands before an article's categories in the header.
    static func categoriesLabel(_ language: UILanguage) -> String {
        language == .japanese ? "カテゴリ:" : "in"
    }

    /// The heading of the numbered list of the body's links.
    static func links(_ language: UILanguage) -> String {
        language == .japanese ? "リンク" : "Links"
    }
}
