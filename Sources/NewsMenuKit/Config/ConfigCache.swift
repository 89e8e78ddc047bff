// The last valid config kept beside the database (`<db>.config-cache`), keyed by the config
// file's exact bytes: a command whose config has not changed since skips parsing and checking
// it again (a third of a cold `show` with 2,000 feeds). Only a config that loaded without
// errors or warnings is kept, so every message about a config is still the loader's own.
import Foundation
import Glibc
import NewsModel

struct ConfigCache {
    /// Where the cache lives: beside the database, which the commands using it open anyway.
    let path: String

    init(databasePath: String) {
        path = databasePath + ".config-cache"
    }

    /// Written first, so that a file from another format, or from another version (whose
    /// checks or defaults, such as the user agent, may differ), is never read as this one.
    private static let header = Array("newsmenu config cache 1 \(NewsmenuVersion.number)\n".utf8)

    /// The config kept for exactly these config file bytes; nil when there is none, it was
    /// kept for other bytes, or the file cannot be read as a cache.
    func config(for configBytes: [UInt8]) -> Config? {
        guard let stored = Self.contents(of: path) else { return nil }
        var reader = ByteReader(stored)
        guard reader.skip(Self.header), reader.skipBytes(equalTo: configBytes) else { return nil }
        return ConfigCoding.decode(from: &reader)
    }

    /// The file's bytes, read straight into the one buffer the reader keeps: a buffer this
    /// size is a fresh mapping, and each copy of it (Data, then an Array) cost page faults.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, status.st_size < 1 << 30 else { return nil }
        let size = Int(status.st_size)
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            initialized = 0
            guard let start = buffer.baseAddress else { return }
            while initialized < size {
                let read = Glibc.read(descriptor, start + initialized, size - initialized)
                guard read > 0 else { return }
                initialized += read
            }
        }
        return bytes.count == size ? bytes : nil
    }

    /// Keeps `config` for `configBytes`, replacing the file whole (a reader never sees half
    /// of it). Best effort: a directory that cannot be written just means no cache.
    func save(_ config: Config, for configBytes: [UInt8]) {
        var writer = ByteWriter()
        writer.raw(configBytes)
        ConfigCoding.encode(config, into: &writer)
        removeLeftovers()
        let temporary = Self.temporaryPath(path, pid: getpid())
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        // Only the user may read it: the config can hold credentials in feed URLs. Not synced:
        // a cache a power cut empties or cuts short fails its checks and is written again,
        // and the fsync of Foundation's atomic write was a few milliseconds of every cold
        // fetch before its first download.
        let written = fchmod(descriptor, 0o600) == 0 && DescriptorWrite.all(Self.header + writer.bytes, to: descriptor)
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return
        }
    }

    /// Each process writes its own temporary file, so that two saving at once never write
    /// into one.
    static func temporaryPath(_ path: String, pid: pid_t) -> String {
        "\(path).\(pid).tmp"
    }

    /// Deletes the temporary files of processes that no longer exist: one killed between
    /// writing its file and renaming it (SIGKILL, a power cut) leaves it behind. Runs only
    /// when a cache is written, which is when the config changed.
    private func removeLeftovers() {
        let file = URL(fileURLWithPath: path)
        let directory = file.deletingLastPathComponent().path
        let prefix = file.lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
            guard let pid = pid_t(middle), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(directory + "/" + name)
        }
    }
}
