// The end of the reading view's page: the body's links under a heading, each after its
// reference number, whole, broken across lines where longer than the width.
import NewsModel

enum ReaderLinkList {
    static func blocks(_ urls: [String], language: UILanguage) -> [ReaderBlock] {
        guard !urls.isEmpty else { return [] }
        var blocks = [ReaderBlock(
            content: .flow([ReaderPiece(ReaderText.links(language), TextStyle(bold: true))], breaksAnywhere: false),
            frames: [], opensFrames: [], blankBefore: true)]
        // Numbers right-aligned, so that every URL starts in the same column.
        let numberColumns = "[\(urls.count)]".count
        for (index, url) in urls.enumerated() {
            let number = "[\(index + 1)]"
            let marker = String(repeating: " ", count: numberColumns - number.count) + number + " "
            let frame = ReaderFrame(
                id: -(index + 1), first: ReaderPiece(marker, .faint),
                rest: ReaderPiece(String(repeating: " ", count: marker.count)))
            blocks.append(ReaderBlock(
                content: .flow([ReaderPiece(url)], breaksAnywhere: true), frames: [frame],
                opensFrames: [true], blankBefore: false))
        }
        return blocks
    }
}
