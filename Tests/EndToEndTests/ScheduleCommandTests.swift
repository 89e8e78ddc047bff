// `cron` against Debian's real crontab(1), its spool swapped for a temporary directory in a
// private mount namespace (unshare -m, as root), and `systemd install`'s unit files.
import Foundation
import Testing
import NewsTestSupport

@Suite("newsmenu cron and systemd")
struct ScheduleCommandTests {
    /// Runs `newsmenu arguments…` with /var/spool/cron/crontabs bound to `spool`, so the
    /// real crontab reads and writes only the test's own table.
    private func withSpool(_ spool: String, _ arguments: [String]) throws -> NewsmenuRun {
        try NewsmenuProcess.runProgram("/usr/bin/unshare", [
            "-m", "/bin/sh", "-c", "mount --bind \"$0\" /var/spool/cron/crontabs && exec \"$@\"",
            spool, NewsmenuProcess.binary.path,
        ] + arguments)
    }

    private func spoolDirectory(_ directory: TemporaryDirectory) throws -> String {
        let spool = directory.path + "/crontabs"
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
        return spool
    }

    private static let canIsolateCrontab = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/crontab")
        && FileManager.default.fileExists(atPath: "/var/spool/cron/crontabs")

    @Test("install adds one marked line, twice is still one, --every updates it, remove restores the table",
          .enabled(if: canIsolateCrontab, "needs root and Debian's cron package (scripts/install-deps)"))
    func cronRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let spool = try spoolDirectory(directory)
        let others = "MAILTO=me@example.com\n0 1 * * * /usr/local/bin/backup --all\n"
        try directory.write("crontabs/root", others)
        let paths = ["--config", directory.path + "/feeds.json", "--db", directory.path + "/news.db"]

        let first = try withSpool(spool, ["cron", "install"] + paths)
        #expect(first.status == 0, "\(first.stdout)")
        _ = try withSpool(spool, ["cron", "install"] + paths)
        let table = try withSpool(spool, ["cron", "print"] + paths)
        let installed = try String(contentsOfFile: spool + "/root", encoding: .utf8)
        let managed = installed.split(separator: "\n").filter { $0.contains("managed by 'newsmenu cron'") }
        #expect(managed.count == 1)
        #expect(managed.first.map(String.init) == table.stdout.trimmingCharacters(in: .newlines))
        #expect(managed.first?.hasPrefix("*/15 * * * * '\(NewsmenuProcess.binary.path)' 'fetch' '--quiet' '--config' '\(directory.path)/feeds.json'") == true)
        #expect(installed.hasSuffix(others + String(managed[0]) + "\n"))

        _ = try withSpool(spool, ["cron", "install", "--every", "2h"] + paths)
        let updated = try String(contentsOfFile: spool + "/root", encoding: .utf8)
        #expect(updated.split(separator: "\n").filter { $0.hasPrefix("0 */2 * * * ") }.count == 1)
        #expect(!updated.contains("*/15"))

        let removed = try withSpool(spool, ["cron", "remove"] + paths)
        #expect(removed.status == 0)
        #expect(try String(contentsOfFile: spool + "/root", encoding: .utf8).hasSuffix(others))
        #expect(!(try String(contentsOfFile: spool + "/root", encoding: .utf8)).contains("newsmenu"))
    }

    @Test("with no crontab yet, install creates one with one line; remove twice is fine the second time",
          .enabled(if: canIsolateCrontab, "needs root and Debian's cron package (scripts/install-deps)"))
    func cronFromNothing() throws {
        let directory = try TemporaryDirectory()
        let spool = try spoolDirectory(directory)
        let paths = ["--config", directory.path + "/feeds.json", "--db", directory.path + "/news.db"]
        let installed = try withSpool(spool, ["cron", "install"] + paths)
        #expect(installed.status == 0, "\(installed.stdout)")
        #expect(installed.stdout.hasPrefix("installed in your crontab: */15 * * * * "))
        let table = try String(contentsOfFile: spool + "/root", encoding: .utf8)
        #expect(table.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 1)
        let removed = try withSpool(spool, ["cron", "remove"] + paths)
        #expect(removed.status == 0 && removed.stdout.contains("removed newsmenu's line"))
        #expect(!(try String(contentsOfFile: spool + "/root", encoding: .utf8)).contains("newsmenu"))
        let again = try withSpool(spool, ["cron", "remove"] + paths)
        #expect(again.status == 0 && again.stdout.contains("nothing to remove"))
    }

    @Test("the cron line's command works in an empty environment, as cron runs it")
    func cronLineRunsBare() throws {
        let directory = try TemporaryDirectory()
        let feed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/world.atom")
        let config = try directory.write("feeds.json", "{\"tabs\": [{\"name\": \"海外\", \"feeds\": [\"\(feed.absoluteString)\"]}]}")
        let printed = try NewsmenuProcess.run(["cron", "print", "--every", "30m", "--config", config, "--db", directory.path + "/n.db"])
        #expect(printed.stdout.hasPrefix("*/30 * * * * "))
        let command = printed.stdout.split(separator: " ").dropFirst(5).joined(separator: " ")
            .components(separatedBy: " # newsmenu fetch")[0]
        let bare = try NewsmenuProcess.runProgram("/usr/bin/env", ["-i", "/bin/sh", "-c", command])
        #expect(bare.status == 0, "\(bare.stdout)")
        #expect(FileManager.default.fileExists(atPath: directory.path + "/n.db"))
        #expect(try NewsmenuProcess.run(["cron", "print", "--every", "7m"]).status == 64)
    }

    @Test("a --quiet fetch, as the schedulers run it, logs its summary and failures under XDG_STATE_HOME")
    func quietFetchLogs() throws {
        let directory = try TemporaryDirectory()
        let feed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/world.atom")
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "海外", "feeds": ["\(feed.absoluteString)", "file:///nonexistent/feed.xml"]}]}
            """)
        let environment = ["NEWSMENU_CONFIG": config, "NEWSMENU_DB": directory.path + "/n.db", "XDG_STATE_HOME": directory.path]
        let quiet = try NewsmenuProcess.run(["fetch", "--quiet"], environment: environment)
        #expect(quiet.status == 1)
        #expect(quiet.stderr.contains("failed (fetch)"))
        _ = try NewsmenuProcess.run(["fetch"], environment: environment)
        let log = try String(contentsOfFile: directory.path + "/newsmenu/fetch.log", encoding: .utf8)
        let lines = log.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("1 ok, 1 failed; 1 new article") == true)
        #expect(lines.last?.contains("failed (fetch): file:///nonexistent/feed.xml: ") == true)
    }

    @Test("systemd install writes a oneshot service and its timer with absolute paths")
    func systemdUnits() throws {
        let directory = try TemporaryDirectory()
        let run = try NewsmenuProcess.run(["systemd", "install", "--every", "20m", "--db", directory.path + "/my db.db"],
                                          environment: ["XDG_CONFIG_HOME": directory.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("systemctl --user enable --now newsmenu-fetch.timer"))
        let service = try String(contentsOfFile: directory.path + "/systemd/user/newsmenu-fetch.service", encoding: .utf8)
        #expect(service.contains("Type=oneshot\n"))
        #expect(service.contains("ExecStart=\"\(NewsmenuProcess.binary.path)\" \"fetch\" \"--quiet\" \"--config\" \"\(directory.path)/newsmenu/feeds.json\" \"--db\" \"\(directory.path)/my db.db\"\n"))
        let timer = try String(contentsOfFile: directory.path + "/systemd/user/newsmenu-fetch.timer", encoding: .utf8)
        #expect(timer.contains("OnUnitActiveSec=1200s\n"))
        #expect(timer.contains("Description=newsmenu: fetch feeds every 20 minutes\n"))
        #expect(timer.contains("WantedBy=timers.target\n"))
    }

    @Test("systemd print shows the units without writing them; remove deletes them and the timer's enable link")
    func systemdPrintAndRemove() throws {
        let directory = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": directory.path]
        let units = directory.path + "/systemd/user"
        for (every, spoken) in [("90s", "90 seconds"), ("1d", "day"), ("2h", "2 hours")] {
            let printed = try NewsmenuProcess.run(["systemd", "print", "--every", every], environment: environment)
            #expect(printed.status == 0)
            #expect(printed.stdout.contains("# \(units)/newsmenu-fetch.service\n[Unit]\n"))
            #expect(printed.stdout.contains("Description=newsmenu: fetch feeds every \(spoken)\n"), "\(printed.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: units))

        #expect(try NewsmenuProcess.run(["systemd", "install"], environment: environment).status == 0)
        try FileManager.default.createDirectory(atPath: units + "/timers.target.wants", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: units + "/timers.target.wants/newsmenu-fetch.timer",
                                                   withDestinationPath: units + "/newsmenu-fetch.timer")
        let removed = try NewsmenuProcess.run(["systemd", "remove"], environment: environment)
        #expect(removed.status == 0)
        #expect(removed.stdout.contains("systemctl --user stop newsmenu-fetch.timer"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: units).sorted() == ["timers.target.wants"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: units + "/timers.target.wants").isEmpty)
        let again = try NewsmenuProcess.run(["systemd", "remove"], environment: environment)
        #expect(again.status == 0 && again.stdout.contains("nothing to remove"))
    }
    @Test("a config or database path with a line break is refused by cron and systemd, writing nothing")
    func lineBreakInPathRefused() throws {
        let directory = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": directory.path]
        let injected = directory.path + "/a\n* * * * * touch /tmp/pwned #.json"
        // `cron print` builds the line as install does, without touching the real crontab.
        for arguments in [["cron", "print", "--config", injected],
                          ["systemd", "install", "--db", directory.path + "/a\nExecStartPre=/bin/touch /tmp/pwned\n.db"]] {
            let run = try NewsmenuProcess.run(arguments, environment: environment)
            #expect(run.status == 64, "\(arguments): \(run.stdout)")
            #expect(run.stderr.contains("holds a control character"))
            #expect(!run.stdout.contains("pwned"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/systemd"))
    }
}
