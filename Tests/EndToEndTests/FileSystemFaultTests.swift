// The database on a file system that refuses writes, as root too: a directory bind-mounted
// read-only, and a small tmpfs filled to the last byte, each in a private mount namespace.
import Foundation
import Testing
import NewsTestSupport
import NewsStore

@Suite("the database on a file system that refuses writes",
       .enabled(if: MountNamespace.isAvailable, "needs mounts in a private mount namespace (root)"))
struct FileSystemFaultTests {
    let directory: TemporaryDirectory
    /// The database's directory, the one mounted read-only or small.
    var data: String { directory.path + "/data" }
    var database: String { data + "/news.db" }
    var outputs: String { directory.path + "/outputs" }
    let binary = NewsmenuProcess.binary.path

    init() throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory.path + "/outputs", withIntermediateDirectories: true)
    }

    /// A config of one file feed of `items` articles, in two tabs, stored once; returns the
    /// config's path.
    private func stored(items: Int) throws -> String {
        try directory.write("one.rss", NumberedRSS.document(1, items: items))
        let feed = "\"file://\(directory.path)/one.rss\""
        let config = try directory.write("feeds.json", """
            {"tabs": [{"name": "ニュース", "feeds": [\(feed)]}, {"name": "二番", "feeds": [\(feed)]}]}
            """)
        let fetch = try NewsmenuProcess.run(["fetch", "--config", config, "--db", database])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        return config
    }

    private func recorded(_ label: String) throws -> NewsmenuRun {
        try MountNamespace.recorded(label, in: outputs)
    }

    @Test("a database directory mounted read-only is shown, listed and searched, as root too, with or without its -shm; fetch and read fail naming the file",
          arguments: [true, false])
    func readOnlyDirectory(keepingSharedMemory: Bool) throws {
        let config = try stored(items: 3)
        // A fetch this small stays in the write-ahead log: what is shown comes from it.
        let paths = "--config '\(config)' --db '\(database)'"
        let status = try MountNamespace.run("""
            \(keepingSharedMemory ? "" : "rm -f '\(database)-shm' '\(database).search-shm'")
            mount --bind '\(data)' '\(data)' && mount -o remount,bind,ro '\(data)' || exit 99
            touch '\(data)/probe' 2> /dev/null && exit 98
            record show '\(binary)' show --color never \(paths)
            record tabs '\(binary)' tabs \(paths)
            record search '\(binary)' search 1-1 --color never \(paths)
            record status '\(binary)' status \(paths)
            record fetch '\(binary)' fetch --force \(paths)
            record read '\(binary)' read 1 \(paths)
            exit 0
            """, recordingInto: outputs)
        #expect(status == 0, "the mount failed or did not stop root writing (\(status))")
        let show = try recorded("show")
        #expect(show.status == 0 && show.stdout.contains("記事 1-2 news") && show.stdout.contains("記事 1-0 news"),
                "\(show.stdout) \(show.stderr)")
        let tabs = try recorded("tabs")
        #expect(tabs.status == 0 && tabs.stdout.contains("ニュース"), "\(tabs.stderr)")
        let search = try recorded("search")
        #expect(search.status == 0 && search.stdout.contains("[1-1]"), "\(search.stdout) \(search.stderr)")
        #expect(try recorded("status").status == 0)
        let fetch = try recorded("fetch")
        #expect(fetch.status == 1 && fetch.stderr.contains(database) && fetch.stderr.contains("Read-only file system"),
                "\(fetch.stderr)")
        let read = try recorded("read")
        #expect(read.status == 1 && read.stderr.contains(database) && read.stderr.contains("read-only"), "\(read.stderr)")
        // Outside the namespace the same files, untouched, take the next fetch.
        let store = try FeedStore(path: database)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.articleCount() == 3)
        #expect(try NewsmenuProcess.run(["fetch", "--force", "--config", config, "--db", database]).status == 0)
    }

    @Test("a disk full before the fetch starts: show, tabs and search still work, fetch fails saying so, and succeeds once there is room")
    func fullBeforeTheFetch() throws {
        let config = try stored(items: 5)
        try directory.write("one.rss", NumberedRSS.document(2, items: 2000))
        let paths = "--config '\(config)' --db '\(data)/news.db'"
        // The database copied onto a 16 MB tmpfs mounted over its directory, then a filler
        // taking every byte left; the files brought back out at the end for checking.
        let status = try MountNamespace.run("""
            mkdir -p '\(directory.path)/saved' '\(directory.path)/after' && cp -a '\(data)/.' '\(directory.path)/saved/' || exit 97
            mount -t tmpfs -o size=16m tmpfs '\(data)' && cp -a '\(directory.path)/saved/.' '\(data)/' || exit 99
            dd if=/dev/zero of='\(data)/filler' bs=4k 2> /dev/null
            [ "$(df --output=avail '\(data)' | tail -1 | tr -d ' ')" = 0 ] || exit 98
            record show '\(binary)' show --color never \(paths)
            record tabs '\(binary)' tabs \(paths)
            record search '\(binary)' search 1-4 --color never \(paths)
            record fetch '\(binary)' fetch --force \(paths)
            record showAfterFetch '\(binary)' show --color never \(paths)
            rm '\(data)/filler'
            record room '\(binary)' fetch --force \(paths)
            cp -a '\(data)/.' '\(directory.path)/after/'
            exit 0
            """, recordingInto: outputs)
        #expect(status == 0, "the disk could not be filled (\(status))")
        // Printed, and the look that could not be recorded is a warning.
        for label in ["show", "showAfterFetch"] {
            let show = try recorded(label)
            #expect(show.status == 0 && show.stdout.contains("記事 1-4 news"), "\(label): \(show.stdout) \(show.stderr)")
            #expect(show.stderr.contains("warning: the look was not recorded") && show.stderr.contains("disk is full"),
                    "\(label): \(show.stderr)")
        }
        let tabs = try recorded("tabs")
        #expect(tabs.status == 0 && tabs.stdout.contains("ニュース"), "\(tabs.stderr)")
        let search = try recorded("search")
        #expect(search.status == 0 && search.stdout.contains("[1-4]"), "\(search.stderr)")
        let fetch = try recorded("fetch")
        #expect(fetch.status == 1 && fetch.stderr.contains("disk is full") && fetch.stderr.contains("\(data)/news.db"),
                "\(fetch.stderr)")
        let room = try recorded("room")
        #expect(room.status == 0, "\(room.stderr)")
        let after = try FeedStore(path: directory.path + "/after/news.db")
        #expect(try after.integrityCheck() == "ok")
        #expect(try after.articleCount() == 2005)
    }

    @Test("on a full disk the interactive view reads on: a tab switch, marking read, starring and marking the tab read each say what was not saved, keys are answered, q exits 0")
    func fullDiskInteractive() throws {
        let config = try stored(items: 5)
        let saved = directory.path + "/saved"
        try FileManager.default.copyItem(atPath: data, toPath: saved)
        let pane = try TmuxPane(directory: directory.path, environment: [:])
        try pane.run("unshare -m sh -c \"mount -t tmpfs -o size=16m tmpfs '\(data)' && cp -a '\(saved)/.' '\(data)/' "
                     + "&& { dd if=/dev/zero of='\(data)/filler' bs=4k 2> /dev/null; "
                     + "exec '\(binary)' show --config '\(config)' --db '\(database)'; }\"; echo EXIT=$?")
        try pane.waitForText("記事 1-4 news")
        try pane.keys("Tab")
        try pane.waitForText("the look was not recorded: database or disk is full")
        try pane.keys("m")
        try pane.waitForText("marking it read was not saved: database or disk is full")
        try pane.keys("s")
        try pane.waitForText("starring it was not saved: database or disk is full")
        try pane.keys("A")
        try pane.keys("y")
        try pane.waitForText("marking the tab read was not saved: database or disk is full")
        try pane.keys("j")
        // The row drawn in reverse video is the selection.
        let reverse = try NSRegularExpression(pattern: "\u{1B}\\[([0-9]*;)*7(;[0-9]*)*m")
        try pane.waitFor("the selection to move down") {
            try pane.tmux(["capture-pane", "-p", "-e", "-t", "menu"]).split(separator: "\n").contains { line in
                let text = String(line)
                return text.contains("記事 1-3")
                    && reverse.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
        }
        try pane.keys("q")
        try pane.waitForText("EXIT=0")
    }
}
