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
        let directory = try TemporaryDirectory()
        let file = try directory.write("newsmenu.1", page.stdout)
        let groff = try NewsmenuProcess.runProgram("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", file])
        #expect(groff.status == 0)
        #expect(groff.stdout.isEmpty, "\(groff.stdout)")
    }
}
