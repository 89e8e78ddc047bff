// The interactive view's status line in each interface language: a Japanese reader's status
// line is Japanese as the page above it is, with what comes from elsewhere kept as it came.
import Foundation
import Testing
import NewsRender
@testable import NewsMenuKit

@Suite("Status line words")
struct ViewMessageTests {
    @Test("every message reads in both languages, and the Japanese one has no English words of ours")
    func bothLanguages() {
        let report = RefreshReport(outcomes: [
            FeedOutcome(url: "https://a.example/rss", result: .stored(newArticles: 3)),
            FeedOutcome(url: "https://b.example/rss", result: .failed(stage: .fetch, message: "b: HTTP 404")),
            FeedOutcome(url: "https://c.example/rss", result: .notDue),
        ], elapsed: 1)
        let messages: [ViewMessage] = [
            .notMarked, .nothingUnread(tab: "空"), .noMatch, .noSearchYet, .noMatchFor(query: "東京"), .starred, .unstarred,
            .articleGone,
            .markedRead(count: 2), .fetchAlreadyRunning, .lookNotRecorded(detail: "disk I/O error"),
            .notSaved(.markRead, detail: "database or disk is full"), .noLink,
            .refusedLink(reason: "a javascript: link", link: "javascript:x"), .browserFailed("no browser"),
            .lockHeld(by: "pid 42", command: "fetch"), .lockHeld(by: "pid 42", command: "vacuum"),
            .fetched(report, hookProblem: nil), .fetchFailed("database locked"), .fetchStoppedBySuspend(fetched: 2),
            .configNotFollowed("/c/config.json:2:1: JSON"), .notFetchedConfigUnusable("/c/config.json: JSON"),
            .lastArticle, .firstArticle, .noUnreadBelow, .noUnreadAbove, .noSuchLink(3, count: 2), .noSuchLink(1, count: 0),
            .markedArticleRead, .markedArticleUnread, .readArticleDeleted,
        ]
        let english = ["not", "nothing", "match", "search", "starred", "marked", "running", "recorded", "saved", "link",
                       "fetched", "failed", "feeds", "article"]
        for message in messages {
            let japanese = message.text(.japanese)
            #expect(!japanese.isEmpty && japanese != message.text(.english))
            let words = japanese.split { !$0.isLetter }.map(String.init)
            #expect(!words.contains { english.contains($0) }, "\(message): \(japanese)")
        }
        #expect(ViewMessage.fetched(report, hookProblem: nil).text(.english) == report.summaryLine())
        #expect(ViewMessage.fetched(report, hookProblem: nil).text(.japanese)
                == "2 件のフィードを取得（成功 1、失敗 1）、新着 3 件、1 件は取得時刻前")
    }

    @Test("the help has the same keys in each language (the mouse named in each), and a Japanese meaning for every entry",
          arguments: [HelpTopic.list, .reading])
    func helpInBothLanguages(topic: HelpTopic) {
        let english = InteractiveHelp.entries(.english, topic), japanese = InteractiveHelp.entries(.japanese, topic)
        #expect(english.count == japanese.count)
        #expect(english.count == InteractiveHelp.count(topic))
        #expect(InteractiveHelp.title(.english, topic) != InteractiveHelp.title(.japanese, topic))
        #expect(english.map(\.keys).dropLast() == japanese.map(\.keys).dropLast())
        #expect(japanese.last?.keys == "マウス")
        #expect(zip(english, japanese).allSatisfy { $0.meaning != $1.meaning })
    }
}
