// Replaces feeds.json safely: the new text is validated first, written to a temporary file
// in the same directory with the old file's owner, group and mode, and renamed over the old
// one (so a crash or kill leaves either the old file or the new one, never half of one), and
// the old file is kept as feeds.json.bak.
import Foundation
import Glibc

enum ConfigFileWriter {
    /// The edited text of the config at `path`, or the empty config when there is no file.
    static func read(path: String) throws(CommandFailure) -> ConfigEditor {
        let bytes: [UInt8]
        if FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure(message: "\(path) cannot be read (check its permissions)", status: ExitStatus.failure)
            }
            bytes = Array(data)
        } else {
            bytes = Array(ConfigEditor.emptyConfig.utf8)
        }
        do {
            return try ConfigEditor(bytes: bytes)
        } catch {
            throw CommandFailure(message: "\(path): \(error.message)", status: ExitStatus.config)
        }
    }

    /// Validates `bytes` as a config and puts them at `path`, keeping the old file as `.bak`.
    /// Unknown keys are kept, and warned about as every command that reads the config does.
    static func write(_ bytes: [UInt8], to configPath: String) throws(CommandFailure) {
        let path = resolved(configPath)
        do {
            var warnings: [ConfigWarning] = []
            _ = try ConfigLoader.parse(bytes, file: path, warnings: &warnings)
            warnings.forEach { Console.err("newsmenu: warning: \($0)") }
        } catch {
            throw CommandFailure(message: "the edit would make an invalid config, nothing written: \(error)",
                                 status: ExitStatus.config)
        }
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(message: "cannot create \(directory): \(error.localizedDescription)", status: ExitStatus.failure)
        }
        var template = Array((directory + "/.feeds.json.XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure("cannot create a temporary file in \(directory)") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var previous = stat()
        let hadFile = stat(path, &previous) == 0
        guard !hadFile || keepOwner(of: previous, on: descriptor) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            unlink(temporary)
            throw CommandFailure(message: "cannot give the new \(path) its owner (uid \(previous.st_uid)): \(reason); nothing written",
                                 status: ExitStatus.failure)
        }
        // The new file keeps the old one's permissions (mkstemp makes it 0600); after the
        // chown, which clears set-id bits.
        let mode = hadFile ? previous.st_mode & 0o7777 : 0o644
        let written = fchmod(descriptor, mode) == 0 && DescriptorWrite.all(bytes, to: descriptor) && fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard written, closed else {
            unlink(temporary)
            throw failure("cannot write \(temporary)")
        }
        if hadFile {
            let backup = path + ".bak"
            unlink(backup)
            // A hard link keeps the old file's bytes under the .bak name after the rename.
            guard link(path, backup) == 0 || copy(path, to: backup) else {
                unlink(temporary)
                throw failure("cannot keep the old config as \(backup)")
            }
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw failure("cannot replace \(path)")
        }
    }

    /// Gives the new file the old one's owner and group, so that root editing a user's config
    /// leaves it the user's. Only root may give a file away: for anyone else the chown fails,
    /// which is harmless when the owner is already right (the group stays theirs).
    private static func keepOwner(of previous: stat, on descriptor: Int32) -> Bool {
        guard fchown(descriptor, previous.st_uid, previous.st_gid) != 0 else { return true }
        guard errno == EPERM else { return false }
        var made = stat()
        let ownerIsRight = fstat(descriptor, &made) == 0 && made.st_uid == previous.st_uid
        errno = EPERM
        return ownerIsRight
    }

    /// The file a config path names. A config symlinked from a dotfiles checkout stays a
    /// symlink: the file it points to is the one replaced (and locked).
    static func resolved(_ configPath: String) -> String {
        URL(fileURLWithPath: configPath).resolvingSymlinksInPath().path
    }

    private static func copy(_ source: String, to destination: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: source) else { return false }
        return FileManager.default.createFile(atPath: destination, contents: data)
    }

    private static func failure(_ message: String) -> CommandFailure {
        CommandFailure(message: message + ": " + String(cString: strerror(errno)), status: ExitStatus.failure)
    }
}
