// What the config path names decides the message: a file is read (through a symbolic link
// too), and a directory, a device, a pipe or a missing file is named for what it is.
import Foundation
import Glibc
import Testing
@testable import NewsMenuKit

@Suite("The config path's kind of file")
struct ConfigFileKindTests {
    private func reason(_ path: String) -> String? {
        do {
            _ = try ConfigLoader.load(path: path)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("a symbolic link to a config is read; a directory, a device, a pipe and a missing path are named")
    func kinds() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory() + "newsmenu-config-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let real = directory.path + "/real.json"
        try Data(#"{"tabs": [{"name": "a"}]}"#.utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.json", withDestinationPath: real)
        #expect(reason(directory.path + "/link.json") == nil)
        #expect(reason(directory.path) == "is a directory, not a config file")
        #expect(mkfifo(directory.path + "/fifo.json", 0o600) == 0)
        for device in ["/dev/null", directory.path + "/fifo.json"] {
            #expect(reason(device) == "is not a regular file (a device, pipe or socket), so it cannot be the config")
        }
        #expect(reason(directory.path + "/none.json")?.hasPrefix("does not exist; run `newsmenu init`") == true)
        #expect(reason(real + "/below.json")?.hasPrefix("does not exist") == true)
    }
}
