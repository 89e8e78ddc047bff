// The command line: commands, options in any position, and usage errors.
import Testing
@testable import NewsMenuKit

@Suite("Invocation")
struct InvocationTests {
    @Test("options may come before or after the command, with = or a separate value")
    func optionPositions() throws {
        let before = try InvocationParser.parse(["--config", "/c.json", "show", "--tab=ニュース"])
        #expect(before.action == .run(command: "show"))
        #expect(before.option("--config") == "/c.json")
        #expect(before.option("--tab") == "ニュース")
        let after = try InvocationParser.parse(["parse", "feed.xml", "--json"])
        #expect(after.arguments == ["feed.xml"])
        #expect(after.flag("--json"))
    }

    @Test("an option given several times keeps every value, and the last one wins where one is read")
    func repeatedOptions() throws {
        let invocation = try InvocationParser.parse(["fetch", "--tab", "ニュース", "--tab=エンタメ"])
        #expect(invocation.values("--tab") == ["ニュース", "エンタメ"])
        #expect(invocation.option("--tab") == "エンタメ")
    }

    @Test("show takes the page menu's options and tabs takes --json")
    func menuOptions() throws {
        let show = try InvocationParser.parse(["show", "--style", "hacka", "--layout=compact", "--page", "2",
                                                "--limit", "5", "--ambiguous-wide", "--json"])
        #expect(show.option("--style") == "hacka")
        #expect(show.option("--layout") == "compact")
        #expect(show.option("--page") == "2")
        #expect(show.flag("--ambiguous-wide") && show.flag("--json"))
        let tabs = try InvocationParser.parse(["tabs", "--json"])
        #expect(tabs.action == .run(command: "tabs"))
        #expect(tabs.flag("--json"))
        #expect(throws: UsageError.self) { try InvocationParser.parse(["tabs", "--page", "2"]) }
        #expect(throws: UsageError.self) { try InvocationParser.parse(["demo", "--json"]) }
    }

    @Test("help and version; no command is show")
    func helpAndVersion() throws {
        #expect(try InvocationParser.parse([]).action == .run(command: "show"))
        #expect(try InvocationParser.parse(["--tab", "ニュース"]) == Invocation(
            action: .run(command: "show"), options: ["--tab": ["ニュース"]]))
        #expect(throws: UsageError.self) { try InvocationParser.parse(["--force"]) }
        #expect(try InvocationParser.parse(["--help"]).action == .help(command: nil))
        #expect(try InvocationParser.parse(["fetch", "--help"]).action == .help(command: "fetch"))
        #expect(try InvocationParser.parse(["help", "show"]).action == .help(command: "show"))
        #expect(try InvocationParser.parse(["--version"]).action == .version)
    }

    @Test("unknown commands and options are usage errors", arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["frobnicate", "--db", "x"], "unknown command 'frobnicate'"),
        (["--db", "x", "frobnicate", "--tab", "y"], "unknown command 'frobnicate'"),
        (["init", "--tab", "x"], "unknown option '--tab' for 'init'"),
        (["--json", "init"], "unknown option '--json' for 'init'"),
        (["show", "--bogus"], "unknown option '--bogus' for 'show'"),
        (["show", "--tab"], "option '--tab' needs a value (NAME)"),
        (["show", "--config", ""], "option '--config' needs a value (PATH), not an empty one"),
        (["add", "https://a.example/", "--tab", "x", "--title="], "option '--title' needs a value (TITLE), not an empty one"),
        (["parse"], "missing argument FILE|URL..."),
        (["add", "a", "b"], "unexpected argument 'b'"),
        (["parse", "--json=yes", "a"], "option '--json' takes no value"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try InvocationParser.parse(arguments) }
        do {
            _ = try InvocationParser.parse(arguments)
        } catch {
            #expect(error.message == message)
        }
    }
}
