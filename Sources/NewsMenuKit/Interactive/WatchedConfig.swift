// The config file the interactive view shows, watched while it is open: one stat a pass
// says whether it changed (another inode, size, modification or change time), and only
// then is it read again, as `show` read it at the start (through the cache beside the
// database, the enabled tabs shown). An editor saving in place, `newsmenu tab …` renaming
// a new file over it, and a deleted file all show as changes.
import Foundation
import Glibc
import NewsModel

/// What `stat` says of a file, as far as telling a changed one goes; nil where it has none.
struct FileStamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int
    var changed: Int64
    var changedNanoseconds: Int

    /// Follows a symbolic link, as reading the config does (dotfiles are often links).
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec)
        modifiedNanoseconds = status.st_mtim.tv_nsec
        changed = Int64(status.st_ctim.tv_sec)
        changedNanoseconds = status.st_ctim.tv_nsec
    }
}

struct WatchedConfig {
    enum Change {
        /// The file is as it was when last read, or found unusable.
        case unchanged
        /// The file changed: the config now, and the tabs the view shows of it.
        case loaded(Config, tabs: [Tab])
        /// The file changed into one the view cannot show: why, naming the file.
        case unusable(String)
    }

    private let path: String
    private let cache: ConfigCache
    private var stamp: FileStamp?

    /// `stamp`: the file's, taken before the view's config was read from it, so that an
    /// edit landing during that read is a change.
    init(path: String, databasePath: String, stamp: FileStamp?) {
        self.path = path
        cache = ConfigCache(databasePath: databasePath)
        self.stamp = stamp
    }

    mutating func check() -> Change {
        let now = FileStamp(path: path)
        guard now != stamp else { return .unchanged }
        // Taken before the read: a save landing during it is seen at the next check.
        stamp = now
        // Its unknown keys were warned about on stderr at the start; the screen is the view's.
        var ignored: [ConfigWarning] = []
        let config: Config
        do {
            config = try ConfigLoader.load(path: path, warnings: &ignored, cache: cache)
        } catch {
            return .unusable(error.description)
        }
        do {
            return .loaded(config, tabs: try MenuSelection.visibleTabs(of: config, configPath: path))
        } catch {
            return .unusable(error.message)
        }
    }
}
