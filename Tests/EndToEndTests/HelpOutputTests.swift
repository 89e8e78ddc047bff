// The completion scripts and the man page, generated from the command table: bash really
// completes commands, subcommand words and tab names; groff reads the man page cleanly.
import Foundation
import Testing
import NewsTestSupport

@Suite("newsmenu completion and manpage")
struct HelpOutputTests {
    /// What bash's completion function offers for `words`, the last being the word typed.
    private func bashCompletions(_ words: [String], config: String, script: String) throws -> [String] {
        let quotedWords = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count - 1)
            _newsmenu
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let binDirectory = NewsmenuProcess.binary.deletingLastPathComponent().path
        let run = try NewsmenuProcess.runProgram("/usr/bin/env", [
            "NEWSMENU_CONFIG=\(config)", "PATH=\(binDirectory):/usr/bin:/bin", "/bin/bash", "-c", program,
        ])
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash completes commands, tab subcommands, and tab names after --tab and tab rename")
    func bash() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "おすすめ", "feeds": []}, {"name": "Open Source", "feeds": []}, {"name": "ニュース", "feeds": []}]}
            """)
        let script = try NewsmenuProcess.run(["completion", "bash"])
        #expect(script.status == 0)
        let scriptPath = try directory.write("newsmenu.bash", script.stdout)

        #expect(try bashCompletions(["newsmenu", "ta"], config: config, script: scriptPath) == ["tabs", "tab"])
        #expect(try bashCompletions(["newsmenu", "tab", "re"], config: config, script: scriptPath) == ["rename", "remove"])
        #expect(try bashCompletions(["newsmenu", "show", "--tab", ""], config: config, script: scriptPath)
                == ["おすすめ", "Open Source", "ニュース"])
        #expect(try bashCompletions(["newsmenu", "--tab", "O"], config: config, script: scriptPath) == ["Open Source"])
        #expect(try bashCompletions(["newsmenu", "tab", "rename", "ニ"], config: config, script: scriptPath) == ["ニュース"])
        #expect(try bashCompletions(["newsmenu", "cron", ""], config: config, script: scriptPath).prefix(3)
                == ["install", "remove", "print"])
        #expect(try bashCompletions(["newsmenu", "add", "--p"], config: config, script: scriptPath) == ["--pick"])
    }

    @Test("zsh and fish scripts name every command and complete --tab from the config")
    func zshAndFish() throws {
        let zsh = try NewsmenuProcess.run(["completion", "zsh"]).stdout
        let fish = try NewsmenuProcess.run(["completion", "fish"]).stdout
        #expect(zsh.hasPrefix("#compdef newsmenu\n"))
        #expect(fish.contains("complete -c newsmenu -n '__fish_seen_subcommand_from add' -l tab -d 'the tab to add it to (created when missing; required)' -x -a '(newsmenu completion tabs 2>/dev/null)'"))
        for command in ["fetch", "show", "add", "remove", "tab", "import", "export", "cron", "systemd", "completion", "manpage"] {
            #expect(zsh.contains("'\(command):"))
            #expect(fish.contains("-a \(command) -d"))
        }
        #expect(try NewsmenuProcess.run(["completion", "tcsh"]).status == 64)
    }

    @Test("the man page has every command and option and groff reads it without a warning")
    func manPage() throws {
        let page = try NewsmenuProcess.run(["manpage"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".TH NEWSMENU 1 "))
        #expect(page.stdout.contains(".SS \"newsmenu tab [OPTIONS] add NAME | rename OLD NEW | remove NAME | move NAME POSITION\""))
        #expect(page.stdout.contains("\\fB\\-\\-pick\\fR \\fIN\\fR"))
        let directory = try TemporaryDirectory()
        let file = try directory.write("newsmenu.1", page.stdout)
        let groff = try NewsmenuProcess.runProgram("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", file])
        #expect(groff.status == 0)
        #expect(groff.stdout.isEmpty, "\(groff.stdout)")
    }
}
