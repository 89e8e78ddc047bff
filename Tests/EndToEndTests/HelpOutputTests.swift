// The man page, generated from the command table: groff reads it cleanly. (The completion
// scripts are tested in the shells themselves: ShellCompletionTests.)
import Foundation
import Testing
import NewsTestSupport

@Suite("newsmenu manpage")
struct HelpOutputTests {
    @Test("the man page has every command and option and groff reads it without a warning")
    func manPage() throws {
        let page = try NewsmenuProcess.run(["manpage"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".TH NEWSMENU 1 "))
        #expect(page.stdout.contains(".SS \"newsmenu tab [OPTIONS] add NAME | rename OLD NEW | remove NAME | move NAME POSITION\""))
        #expect(page.stdout.contains("\\fB\\-\\-pick\\fR \\fIN\\fR"))
        // The interactive keys, the files beside the database and what the environment changes.
        for text in [".SH KEYS", "\\fBCtrl\\-Z\\fR", ".SH FILES", "fetch.log", "DB.search", ".SH ENVIRONMENT",
                     "\\fBNO_COLOR\\fR", "\\fBBROWSER\\fR", "\\fBhttp_proxy, https_proxy, no_proxy\\fR", "128+N"] {
            #expect(page.stdout.contains(text), "\(text)")
        }
        let directory = try TemporaryDirectory()
        let file = try directory.write("newsmenu.1", page.stdout)
        let groff = try NewsmenuProcess.runProgram("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", file])
        #expect(groff.status == 0)
        #expect(groff.stdout.isEmpty, "\(groff.stdout)")
    }

    @Test("the README's install step puts the man page where man finds it, holding every command's --help text")
    func installedManPage() throws {
        let harness = try ShellHarness(tabNames: ["A"])
        let man = try harness.run(["/usr/bin/man", "-M", harness.prefix + "/share/man", "-P", "cat", "newsmenu"],
                                  extra: ["MANWIDTH=1000"])
        #expect(man.status == 0, "\(man.stdout)")
        let page = man.stdout
        let overview = try NewsmenuProcess.run(["--help"]).stdout
        let listing = overview.components(separatedBy: "commands:\n").dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
        let commands = listing.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 20)
        for command in commands {
            let help = try NewsmenuProcess.run([command, "--help"]).stdout.split(separator: "\n").map(String.init)
            // usage line, summary, "options:", then one line per option: "  --name VALUE  help".
            #expect(page.contains(help[0].replacingOccurrences(of: "usage: ", with: "")), "\(command)'s usage")
            #expect(page.contains(help[1]), "\(command)'s summary")
            for option in help.drop(while: { $0 != "options:" }).dropFirst() {
                let parts = option.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                #expect(parts.count == 2 && page.contains(parts[0]) && page.contains(parts[1]), "\(command): \(option)")
            }
        }
    }
}
