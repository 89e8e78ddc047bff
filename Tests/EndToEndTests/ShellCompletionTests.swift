// The completion scripts, installed where the README's install step puts them, loaded into
// the real shells: bash's function called as bash calls it, zsh's completion system driven
// through a pty, fish's `complete -C`. Each must offer the commands, their options and
// words, and the config's tab names (Japanese, with spaces, with a quote) after --tab and
// after `tab rename|remove|move`, from the config the line names with --config if it does.
import Foundation
import Testing
import NewsTestSupport

@Suite("Shell completion in bash, zsh and fish")
struct ShellCompletionTests {
    static let tabNames = ["おすすめ", "Open Source", "ニュース", "Rock 'n' Roll"]

    private static let showOptions: Set = ["--tab", "--color", "--limit", "--page", "--style", "--layout", "--print", "--json",
                                           "--config", "--db", "--help"]

    @Test("bash registers _newsmenu and completes commands, words, options and quoted tab names")
    func bash() throws {
        let setup = try ShellHarness(tabNames: Self.tabNames)
        let registered = try setup.run(["/bin/bash", "--norc", "--noprofile", "-c",
                                        "source '\(setup.bashScript)'; complete -p newsmenu"])
        #expect(registered.stdout == "complete -o default -F _newsmenu newsmenu\n")

        let quotedNames = ["おすすめ", "Open\\ Source", "ニュース", "Rock\\ \\'n\\'\\ Roll"]
        #expect(try setup.bash(["newsmenu", "ta"]) == ["tabs", "tab"])
        #expect(try setup.bash(["newsmenu", "show", "--tab", ""]) == quotedNames)
        #expect(try setup.bash(["newsmenu", "show", "--tab", "O"]) == ["Open\\ Source"])
        #expect(try setup.bash(["newsmenu", "show", "--tab", "Open\\ S"]) == ["Open\\ Source"])
        #expect(try setup.bash(["newsmenu", "show", "--tab", "'Rock"]) == ["Rock\\ \\'n\\'\\ Roll"])
        #expect(try setup.bash(["newsmenu", "show", "--tab", "=", "ニ"]) == ["ニュース"])
        #expect(try setup.bash(["newsmenu", "show", "--tab", "="]) == quotedNames)
        #expect(try setup.bash(["newsmenu", "fetch", "--tab", "お"]) == ["おすすめ"])
        #expect(try setup.bash(["newsmenu", "tab", "rename", "ニ"]) == ["ニュース"])
        #expect(try setup.bash(["newsmenu", "tab", "remove", ""]) == quotedNames)
        #expect(try setup.bash(["newsmenu", "--db", "x.db", "tab", "re"]) == ["rename", "remove"])
        #expect(try setup.bash(["newsmenu", "cron", ""]).prefix(3) == ["install", "remove", "print"])
        #expect(try setup.bash(["newsmenu", "add", "--p"]) == ["--pick"])
        #expect(try setup.bash(["newsmenu", "show", "--limit", ""]).isEmpty)
        #expect(try setup.bash(["newsmenu", "--config", setup.otherConfig, "show", "--tab", ""]) == [ShellHarness.otherTabName])
        #expect(try setup.bash(["newsmenu", "show", "--config", "=", setup.otherConfig, "--tab", ""]) == [ShellHarness.otherTabName])
        #expect(Set(try setup.bash(["newsmenu", "show", "--"])).isSuperset(of: Self.showOptions))
    }

    @Test("zsh, from $fpath or sourced, completes commands, words, options and tab names")
    func zsh() throws {
        let setup = try ShellHarness(tabNames: Self.tabNames)
        let names = Set(Self.tabNames)
        for load in ["fpath", "source"] {
            #expect(try setup.zsh("newsmenu ta", load: load) == ["tab", "tabs"])
            #expect(try setup.zsh("newsmenu show --tab ", load: load) == names)
        }
        #expect(try setup.zsh("newsmenu show --tab O") == ["Open Source"])
        #expect(try setup.zsh("newsmenu show --tab=ニ") == ["ニュース"])
        #expect(try setup.zsh("newsmenu --db /tmp/x.db fetch --tab ") == names)
        #expect(try setup.zsh("newsmenu tab ") == ["add", "rename", "remove", "move"])
        #expect(try setup.zsh("newsmenu --config \(setup.otherConfig) tab remove ") == [ShellHarness.otherTabName])
        #expect(try setup.zsh("newsmenu show --config=\(setup.otherConfig) --tab ") == [ShellHarness.otherTabName])
        #expect(try setup.zsh("newsmenu tab rename ") == names)
        #expect(try setup.zsh("newsmenu tab move ニ") == ["ニュース"])
        #expect(try setup.zsh("newsmenu cron ") == ["install", "remove", "print"])
        #expect(try setup.zsh("newsmenu add --p") == ["--pick"])
        #expect(try setup.zsh("newsmenu show --").isSuperset(of: Self.showOptions))
    }

    @Test("fish completes commands, words, options and tab names, and tells `tab remove` from `remove`")
    func fish() throws {
        let setup = try ShellHarness(tabNames: Self.tabNames)
        let names = Set(Self.tabNames)
        #expect(try setup.fish("newsmenu ta") == ["tab", "tabs"])
        #expect(try setup.fish("newsmenu show --tab ") == names)
        #expect(try setup.fish("newsmenu show --tab O") == ["Open Source"])
        #expect(try setup.fish("newsmenu show --tab=ニ") == ["--tab=ニュース"])
        #expect(try setup.fish("newsmenu --db x.db fetch --tab ") == names)
        #expect(try setup.fish("newsmenu tab ") == ["add", "rename", "remove", "move"])
        #expect(try setup.fish("newsmenu --config \(setup.otherConfig) tab remove ") == [ShellHarness.otherTabName])
        #expect(try setup.fish("newsmenu show --config=\(setup.otherConfig) --tab ") == [ShellHarness.otherTabName])
        #expect(try setup.fish("newsmenu tab rename ") == names)
        #expect(try setup.fish("newsmenu tab remove ") == names)
        #expect(try setup.fish("newsmenu cron ") == ["install", "remove", "print"])
        #expect(try setup.fish("newsmenu add --p") == ["--pick"])
        #expect(try setup.fish("newsmenu show --").isSuperset(of: Self.showOptions))
        #expect(try !setup.fish("newsmenu tab add --").contains("--pick"))
    }

    @Test("an unknown shell is a usage error")
    func unknownShell() throws {
        #expect(try NewsmenuProcess.run(["completion", "tcsh"]).status == 64)
    }
}
