// How options, the config, the environment and the terminal decide colours, style, layout,
// ambiguous widths and page sizes.
import Testing
@testable import NewsMenuKit
import NewsRender

@Suite("Display settings")
struct DisplaySettingsTests {
    private let pipe = DisplaySettings.TerminalFacts(isTerminal: false, size: nil)
    private let screen = DisplaySettings.TerminalFacts(isTerminal: true, size: (columns: 120, rows: 30))

    private func settings(
        _ arguments: [String], preferences: DisplayPreferences = DisplayPreferences(),
        environment: [String: String] = [:], terminal: DisplaySettings.TerminalFacts? = nil
    ) throws -> DisplaySettings {
        try DisplaySettings.resolve(
            invocation: InvocationParser.parse(["show"] + arguments), preferences: preferences,
            environment: environment, terminal: terminal ?? pipe)
    }

    @Test("colour modes follow TERM, --color, the terminal, NO_COLOR and COLORTERM", arguments: [
        ("auto", true, ["TERM": "dumb", "COLORTERM": "truecolor"], ColorMode.plainASCII),
        ("always", true, ["TERM": "dumb"], .plainASCII),
        ("never", false, ["TERM": "dumb"], .plainASCII),
        ("never", true, ["TERM": "xterm-256color"], ColorMode.none),
        ("auto", false, ["TERM": "xterm-256color"], .none),
        ("auto", true, ["TERM": "xterm-256color", "NO_COLOR": "1"], .monochrome),
        ("auto", true, ["TERM": "xterm-256color", "NO_COLOR": ""], .ansi256),
        ("always", false, ["TERM": "xterm-256color", "NO_COLOR": "1"], .ansi256),
        ("always", true, ["NO_COLOR": "1", "COLORTERM": "truecolor"], .truecolor),
        ("auto", true, ["TERM": "xterm", "COLORTERM": "24bit"], .truecolor),
        ("auto", true, ["TERM": "xterm"], .ansi16),
        ("auto", true, ["TERM": "screen.xterm-256color-ish"], .ansi16),
        ("always", false, [:], .ansi16),
    ] as [(String, Bool, [String: String], ColorMode)])
    func colorModes(option: String, isTerminal: Bool, environment: [String: String], expected: ColorMode) throws {
        #expect(try DisplaySettings.colorMode(option: option, isTerminal: isTerminal, environment: environment) == expected)
    }

    @Test("a --color value other than auto, always or never is a usage error, even under TERM=dumb")
    func badColor() {
        #expect(throws: CommandFailure.self) {
            try DisplaySettings.colorMode(option: "sometimes", isTerminal: true, environment: ["TERM": "dumb"])
        }
    }

    @Test("the style comes from --style, else the config, else plain")
    func styleChoice() throws {
        #expect(try settings([]).style == .plain)
        #expect(try settings([], preferences: DisplayPreferences(style: .smart)).style == .smart)
        #expect(try settings(["--style", "hacka"], preferences: DisplayPreferences(style: .smart)).style == .hacka)
        do {
            _ = try settings(["--style", "fancy"])
            Issue.record("--style fancy was accepted")
        } catch let failure as CommandFailure {
            #expect(failure.status == 64)
            #expect(failure.message == "option '--style' takes plain, tab, smart or hacka, not 'fancy'")
        }
    }

    @Test("the layout is comfortable from 100 columns unless the option or config says otherwise")
    func layoutChoice() throws {
        #expect(try settings([], environment: ["COLUMNS": "99"]).layout == .compact)
        #expect(try settings([], environment: ["COLUMNS": "100"]).layout == .comfortable)
        #expect(try settings([], terminal: screen).layout == .comfortable)
        #expect(try settings([], preferences: DisplayPreferences(layout: .compact), terminal: screen).layout == .compact)
        #expect(try settings(["--layout=comfortable"], preferences: DisplayPreferences(layout: .compact),
                             environment: ["COLUMNS": "40"]).layout == .comfortable)
        #expect(throws: CommandFailure.self) { try settings(["--layout", "cosy"]) }
    }

    @Test("ambiguous characters are wide with the flag or the config")
    func ambiguousWide() throws {
        #expect(try settings([]).ambiguousWide == false)
        #expect(try settings(["--ambiguous-wide"]).ambiguousWide)
        #expect(try settings([], preferences: DisplayPreferences(ambiguousWide: true)).ambiguousWide)
    }

    @Test("pages fit the terminal's height less the prompt row; off a terminal --limit or 40")
    func pageSizes() throws {
        let onScreen = try settings(["--layout", "compact"], terminal: screen)
        #expect(onScreen.height == 29)
        let fitting = PageMenu.articlesPerPage(height: 29, style: .plain, layout: .compact)
        #expect(onScreen.pageSize(limit: nil) == fitting)
        #expect(onScreen.pageSize(limit: 5) == 5)
        #expect(onScreen.pageSize(limit: 500) == fitting)
        let comfortable = try settings(["--style", "hacka"], terminal: screen)
        #expect(comfortable.pageSize(limit: nil)
                == PageMenu.articlesPerPage(height: 29, style: .hacka, layout: .comfortable))
        #expect(comfortable.pageSize(limit: nil) < fitting)
        let piped = try settings([])
        #expect(piped.height == nil)
        #expect(piped.pageSize(limit: nil) == 40)
        #expect(piped.pageSize(limit: 500) == 500)
    }

    @Test("COLUMNS wins over the terminal's width; the width defaults to 80")
    func widths() throws {
        #expect(try settings([]).width == 80)
        #expect(try settings([], terminal: screen).width == 120)
        #expect(try settings([], environment: ["COLUMNS": "42"], terminal: screen).width == 42)
        #expect(try settings([], environment: ["COLUMNS": "-3"]).width == 80)
    }

    @Test("piped, the frame takes the width of the terminal it is read in, without a height or colours; COLUMNS still wins")
    func pipedWidths() throws {
        let piped = DisplaySettings.TerminalFacts(isTerminal: false, size: nil, readerColumns: 132)
        let shown = try settings([], terminal: piped)
        #expect(shown.width == 132)
        #expect(shown.height == nil)
        #expect(shown.colors == .none)
        #expect(try settings([], environment: ["COLUMNS": "60"], terminal: piped).width == 60)
    }
}
