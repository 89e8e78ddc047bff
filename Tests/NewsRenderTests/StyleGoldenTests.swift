// Whole frames of every style at 20, 40, 80 and 120 columns, against the golden files:
// Japanese, mixed and emoji titles, overflowing tabs, and every colour mode.
import Foundation
import Testing
import NewsModel
import NewsRender

@Suite("Style golden frames")
struct StyleGoldenTests {
    /// One frame of a golden file: a heading saying what it shows, and the state.
    struct Scene {
        var title: String
        var state: PageMenuState
    }

    static let widths = [20, 40, 80, 120]

    static func scenes(style: MenuStyle, width: Int) -> [Scene] {
        func state(
            tabs: [MenuTab] = MenuFixtures.japaneseTabs, selected: Int = 2,
            articles: [ArticleRow] = MenuFixtures.japaneseArticles,
            colors: ColorMode = .none, language: UILanguage = .japanese,
            layout: ArticleLayout = .compact, ambiguousWide: Bool = false,
            selectedArticle: Int? = nil
        ) -> PageMenuState {
            MenuFixtures.state(
                tabs: tabs, selected: selected, articles: articles, width: width,
                colors: colors, language: language, selectedArticle: selectedArticle,
                style: style, layout: layout,
                newSince: MenuFixtures.now.addingTimeInterval(-3600),
                ambiguousWide: ambiguousWide, page: 2, pageCount: 7, totalArticles: 143)
        }
        let many = MenuFixtures.manyTabs
        let english = MenuFixtures.englishArticles
        return [
            Scene(title: "Japanese, none", state: state()),
            Scene(title: "mixed scripts, emoji and long titles, comfortable, none",
                  state: state(tabs: MenuFixtures.englishTabs, articles: MenuFixtures.mixedArticles,
                               language: .english, layout: .comfortable)),
            Scene(title: "many tabs, first selected, none",
                  state: state(tabs: many, selected: 0, articles: english, language: .english)),
            Scene(title: "many tabs, middle selected, none",
                  state: state(tabs: many, selected: 4, articles: english, language: .english)),
            Scene(title: "many tabs, last selected, none",
                  state: state(tabs: many, selected: many.count - 1, articles: english,
                               language: .english)),
            Scene(title: "Japanese, TERM=dumb (plainASCII)", state: state(colors: .plainASCII)),
            Scene(title: "Japanese, NO_COLOR (monochrome), cursor on the second row",
                  state: state(colors: .monochrome, selectedArticle: 1)),
            Scene(title: "Japanese, 16 colours", state: state(colors: .ansi16)),
            Scene(title: "English, 256 colours, comfortable",
                  state: state(tabs: MenuFixtures.englishTabs, articles: MenuFixtures.mixedArticles,
                               colors: .ansi256, language: .english, layout: .comfortable)),
            Scene(title: "many tabs, middle selected, truecolor",
                  state: state(tabs: many, selected: 4, articles: english, colors: .truecolor,
                               language: .english)),
            Scene(title: "mixed titles, ambiguous characters wide, none",
                  state: state(tabs: MenuFixtures.englishTabs, articles: MenuFixtures.mixedArticles,
                               language: .english, ambiguousWide: true)),
        ]
    }

    static let cases = MenuStyle.allCases.flatMap { style in widths.map { (style, $0) } }

    @Test("each style at each width matches its golden file", arguments: cases)
    func matchesGolden(style: MenuStyle, width: Int) {
        let text = Self.scenes(style: style, width: width).map { scene in
            "=== \(scene.title)\n"
                + PageMenu.render(scene.state).map(GoldenFile.visible).joined(separator: "\n")
        }.joined(separator: "\n\n") + "\n"
        GoldenFile.check(text, name: "\(style.rawValue)-\(width).txt")
    }

    @Test("every line of every golden scene is exactly the width", arguments: cases)
    func scenesFillTheWidth(style: MenuStyle, width: Int) {
        for scene in Self.scenes(style: style, width: width) {
            for line in PageMenu.render(scene.state) {
                let columns = DisplayWidth.width(
                    of: MenuFixtures.stripped(line), ambiguousWide: scene.state.ambiguousWide)
                #expect(columns == width, "\(scene.title): \(line)")
            }
        }
    }

    @Test("a missing golden file fails the test instead of being recorded",
          .disabled(if: GoldenFile.isRecording, "recording writes missing files"))
    func missingGoldenFails() {
        let name = "no-such-frame.txt"
        withKnownIssue {
            GoldenFile.check("frame", name: name)
        }
        #expect(!FileManager.default.fileExists(
            atPath: GoldenFile.directory.appendingPathComponent(name).path))
    }
}

