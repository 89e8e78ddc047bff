// A config edited by someone other than its owner: the new file, written beside it and
// renamed over it, gets the old one's owner, group and mode, so root running `tab add` on a
// user's config leaves it the user's. Needs root to make files of another owner.
import Foundation
import Testing
import NewsTestSupport

@Suite("config ownership across edits", .enabled(if: geteuid() == 0, "needs root to give files away"))
struct ConfigOwnershipTests {
    private static let nobody: uid_t = 65534
    private static let nogroup: gid_t = 65534
    private let original = "{\n  \"tabs\": [\n    { \"name\": \"ニュース\", \"feeds\": [] }\n  ]\n}\n"

    private func owner(_ path: String) -> (uid: uid_t, gid: gid_t, mode: mode_t) {
        var status = stat()
        #expect(stat(path, &status) == 0)
        return (status.st_uid, status.st_gid, status.st_mode & 0o7777)
    }

    @Test("root editing a user's config leaves it the user's, with its group and mode")
    func rootKeepsOwner() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("perm.json", original)
        #expect(chown(config, Self.nobody, Self.nogroup) == 0 && chmod(config, 0o640) == 0)
        let run = try NewsmenuProcess.run(["tab", "add", "管理", "--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("\"name\": \"管理\""))
        let after = owner(config)
        #expect(after.uid == Self.nobody && after.gid == Self.nogroup && after.mode == 0o640)
    }

    @Test("the owner editing a config whose group they are not in keeps it theirs; the chown it cannot make is no failure")
    func ownerOutsideTheGroup() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("perm.json", original)
        #expect(chown(directory.path, Self.nobody, Self.nogroup) == 0)
        #expect(chown(config, Self.nobody, 0) == 0 && chmod(config, 0o640) == 0)
        let run = try NewsmenuProcess.runProgram("/usr/bin/setpriv", [
            "--reuid=\(Self.nobody)", "--regid=\(Self.nogroup)", "--clear-groups",
            NewsmenuProcess.binary.path, "tab", "add", "自分", "--config", config,
        ])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("\"name\": \"自分\""))
        let after = owner(config)
        #expect(after.uid == Self.nobody && after.mode == 0o640)
    }
}
