// Runs the README's install step into a temporary prefix, then asks bash, zsh and fish what
// they complete with the installed scripts, against a config holding the given tab names.
import Foundation
import Testing
import NewsTestSupport

final class ShellHarness {
    let directory: TemporaryDirectory
    /// Where the README's install step put things (`/usr/local` in the README).
    let prefix: String
    private let environment: [String]
    /// A second config, with the one tab `otherTabName`, for lines that give `--config`.
    let otherConfig: String
    static let otherTabName = "別の設定"

    init(tabNames: [String]) throws {
        directory = try TemporaryDirectory()
        prefix = directory.path + "/usr/local"
        let tabs = tabNames.map { "{\"name\": \"\($0)\", \"feeds\": []}" }.joined(separator: ", ")
        let config = try directory.write("feeds.json", "{\"tabs\": [\(tabs)]}")
        otherConfig = try directory.write("other.json", "{\"tabs\": [{\"name\": \"\(Self.otherTabName)\"}]}")
        let binDirectory = NewsmenuProcess.binary.deletingLastPathComponent().path
        environment = ["NEWSMENU_CONFIG=\(config)", "PATH=\(binDirectory):/usr/bin:/bin", "HOME=\(directory.path)",
                       "XDG_CONFIG_HOME=\(directory.path)/.config", "XDG_DATA_HOME=\(directory.path)/.local/share",
                       "XDG_DATA_DIRS=\(prefix)/share:/usr/share", "LANG=C.UTF-8", "TERM=xterm"]
            + SanitizerEnvironment.variables.map { "\($0.key)=\($0.value)" }
        for line in try Self.readmeInstallLines() {
            let command = line.replacingOccurrences(of: ".build/release/newsmenu", with: NewsmenuProcess.binary.path)
                .replacingOccurrences(of: "/usr/local", with: prefix)
            let installed = try run(["/bin/sh", "-c", command])
            #expect(installed.status == 0, "\(command): \(installed.stdout)")
        }
    }

    /// The README's install lines that install something newsmenu prints (man page, completions).
    static func readmeInstallLines() throws -> [String] {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardizedFileURL, encoding: .utf8)
        let section = readme.components(separatedBy: "\n## Install\n").dropFirst().first ?? ""
        let block = section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
        return block.split(separator: "\n").map(String.init).filter { $0.hasPrefix(".build/release/newsmenu ") && $0.contains("install ") }
    }

    func run(_ program: [String], extra: [String] = []) throws -> NewsmenuRun {
        try NewsmenuProcess.runProgram("/usr/bin/env", environment + extra + ["/usr/bin/timeout", "30"] + program)
    }

    private func lines(_ run: NewsmenuRun) -> [String] {
        run.stdout.split(separator: "\n").map(String.init)
    }

    var bashScript: String { prefix + "/share/bash-completion/completions/newsmenu" }
    var zshFunctionDirectory: String { prefix + "/share/zsh/site-functions" }
    var fishScript: String { prefix + "/share/fish/vendor_completions.d/newsmenu.fish" }

    /// What `_newsmenu` puts in COMPREPLY for `words`, the last being the word typed.
    func bash(_ words: [String]) throws -> [String] {
        let quotedWords = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return lines(try run(["/bin/bash", "--norc", "--noprofile", "-c", """
            source '\(bashScript)'
            COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count - 1)
            _newsmenu
            printf '%s\\n' "${COMPREPLY[@]}"
            """]))
    }

    /// What zsh's completion system offers when `line` is typed and Tab pressed, with the
    /// script autoloaded from $fpath or sourced after compinit.
    func zsh(_ line: String, load: String = "fpath") throws -> Set<String> {
        let result = try run(["/usr/bin/zsh", "-f", fixture("zsh-complete.zsh"), fixture("zsh-capture-setup.zsh"), line],
                             extra: ["NEWSMENU_ZSH_LOAD=\(load)", "NEWSMENU_ZSH_SCRIPT_DIR=\(zshFunctionDirectory)"])
        #expect(result.status == 0, "zsh on \(line): \(result.stdout)")
        return Set(lines(result))
    }

    /// The candidates (without descriptions) fish's `complete -C` gives for `line`; fish finds
    /// the script itself in its vendor directory under $XDG_DATA_DIRS.
    func fish(_ line: String) throws -> Set<String> {
        let result = try run(["/usr/bin/fish", "-c", "complete -C \(fishQuoted(line))"])
        #expect(result.status == 0, "fish on \(line): \(result.stdout)")
        return Set(lines(result).map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) })
    }

    private func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    private func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }
}
