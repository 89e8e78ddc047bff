// Fuzz target: bytes and a charset hint → FeedParser.parse, the entry point `newsmenu parse`
// uses. The first byte picks the hint (as an HTTP Content-Type charset would give it); the
// rest is the document. Checks every property the rest of newsmenu relies on, not only that
// nothing crashes.
import Foundation
import FuzzSupport
import NewsModel
@testable import NewsParse
@testable import NewsMenuKit

/// Hints a server can send, spelled as servers do, plus ones no decoder knows.
let charsetHints: [String?] = [
    nil, "utf-8", "shift_jis", "euc-jp", "iso-2022-jp", "utf-16le", "utf-16be", "utf-16", "iso-8859-1",
    "windows-1252", "us-ascii", "UTF8", "Shift_JIS", "cp932", "windows-31j", "x-sjis", "gb2312", "big5",
    "koi8-r", "utf-32", "iso-8859-15", "latin1", "", "no-such-charset", " utf-8 ", "\"utf-8\"",
]

/// Instants a year 1–9999 date can name, give or take the widest zone offset a date may carry.
let earliestInstant = -62_135_596_800.0 - 7 * 86_400
let latestInstant = 253_402_300_800.0 + 7 * 86_400

func checkText(_ text: String?, _ field: String) {
    guard let text else { return }
    if let bad = firstUnwanted(in: text) { require(false, "\(field) holds \(bad): \(shown(text))") }
}

func checkDate(_ date: Date?, _ field: String) {
    guard let date else { return }
    let seconds = date.timeIntervalSince1970
    require(seconds.isFinite && seconds >= earliestInstant && seconds <= latestInstant,
            "\(field) is no instant of years 1–9999: \(seconds)")
    let written = Timestamp.rfc3339(date)
    require(written.utf8.count == 20 && written.hasSuffix("Z"), "\(field) writes as \(shown(written)), not …Z")
}

func check(_ article: Article, _ index: Int) {
    let field = "articles[\(index)]"
    require(!article.id.isEmpty, "\(field).id is empty")
    checkText(article.id, field + ".id")
    checkText(article.title, field + ".title")
    checkText(article.link, field + ".link")
    checkText(article.author, field + ".author")
    checkText(article.summary, field + ".summary")
    checkText(article.content, field + ".content")
    checkText(article.image, field + ".image")
    for (number, category) in article.categories.enumerated() {
        checkText(category, "\(field).categories[\(number)]")
        require(!category.isEmpty, "\(field).categories[\(number)] is empty")
    }
    for (number, enclosure) in article.enclosures.enumerated() {
        checkText(enclosure.url, "\(field).enclosures[\(number)].url")
        checkText(enclosure.type, "\(field).enclosures[\(number)].type")
        require(!enclosure.url.isEmpty, "\(field).enclosures[\(number)].url is empty")
        if let length = enclosure.length { require(length >= 0, "\(field).enclosures[\(number)].length is \(length)") }
    }
    checkDate(article.published, field + ".published")
    checkDate(article.updated, field + ".updated")
    if let duration = article.duration {
        require(duration.isFinite && duration >= 0, "\(field).duration is \(duration)")
    }
}

func check(_ feed: Feed) {
    checkText(feed.title, "title")
    checkText(feed.link, "link")
    checkText(feed.subtitle, "subtitle")
    checkText(feed.language, "language")
    checkText(feed.author, "author")
    checkText(feed.image, "image")
    checkDate(feed.updated, "updated")
    if let interval = feed.updateInterval {
        require(interval.isFinite && interval > 0, "updateInterval is \(interval)")
    }
    for (number, warning) in feed.warnings.enumerated() { checkText(warning, "warnings[\(number)]") }
    require(feed.warnings.count <= FeedParser.warningLimit + 1, "\(feed.warnings.count) warnings, past the cap")
    // The fetch stage fails a feed cut at a wrong Content-Length on the flag; the reader
    // of `parse` learns it from the warning, which the cap must not drop.
    let warnsCutShort = feed.warnings.contains { $0.hasPrefix("the document ends before its <") }
    require(feed.isCutShort == warnsCutShort, "isCutShort is \(feed.isCutShort), yet the warnings say \(warnsCutShort)")
    for (index, article) in feed.articles.enumerated() { check(article, index) }
    // What `newsmenu parse` prints must come out of any feed.
    _ = FeedText.describe(feed)
}

/// libxml2's own reading of `body` (CDATA sections through libxml2) and the reading with
/// sections handed over by the reader, both in the chunks `selector` picks: the feed,
/// libxml2's messages with their lines and columns, and the entity warnings must be the same.
/// The body as FeedParser hands it over: bad UTF-8 replaced first (after a byte that is not
/// UTF-8 libxml2's own reading depends on where the chunks fall, as this target found).
func checkCDATABypass(_ input: [UInt8], selector: UInt8) {
    let body = input.withUnsafeBufferPointer(UTF8Validation.isValid) ? input : Array(String(decoding: input, as: UTF8.self).utf8)
    let chunkSize = [1, 7, 64, 4097, max(1, body.count)][Int(selector) % 5]
    func reading(bypassing: Bool, chunkSize: Int) -> String? {
        guard let reader = try? SAXFeedReader(documentURL: "https://example.org/feeds/news.xml", bypassingCDATA: bypassing)
        else { return nil }
        body.withUnsafeBytes { bytes in
            reader.feed(bytes, chunkSize: chunkSize)
            reader.end()
        }
        return "\(reader.walker.outcome) \(reader.errors.warnings) \(reader.errors.sawError) "
            + "\(reader.entities.warnings)"
    }
    let reference = reading(bypassing: false, chunkSize: chunkSize)
    let bypassed = reading(bypassing: true, chunkSize: chunkSize)
    require(reference == bypassed, "handing CDATA over changed the reading: \(shown(reference)) / \(shown(bypassed))")
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    guard let selector = input.first else { return 0 }
    let hint = charsetHints[Int(selector) % charsetHints.count]
    let body = Data(input.dropFirst())
    checkCDATABypass(Array(input.dropFirst()), selector: selector)
    let documentURL = "https://example.org/feeds/news.xml"
    let first = Result { () throws(FeedParseError) in try FeedParser.parse(body, documentURL: documentURL, charsetHint: hint) }
    let second = Result { () throws(FeedParseError) in try FeedParser.parse(body, documentURL: documentURL, charsetHint: hint) }
    switch (first, second) {
    case (.success(let feed), .success(let again)):
        check(feed)
        require(feed == again, "parsing the same bytes twice gave two different feeds")
    case (.failure(let error), .failure(let again)):
        require(error == again, "parsing the same bytes twice gave two errors: \(error) / \(again)")
        let message = error.description
        require(!message.isEmpty, "an error with no message")
        if let bad = firstUnwanted(in: message) { require(false, "error message holds \(bad): \(shown(message))") }
    default:
        require(false, "parsing the same bytes twice succeeded once and failed once")
    }
    return 0
}

runLibFuzzer(fuzzOne)
