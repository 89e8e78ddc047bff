// A subscription list as newsmenu sees it, whichever format it came in (OPML, a newsboat
// urls file, an sfeedrc): feeds grouped by the folder path they sit in, folders in the order
// the file lists them, and what the file held that could not be imported.

/// newsmenu's own outline attributes, in a namespace of their own so that other readers pass
/// them by: what a tab or feed has in the config beyond names, titles and URLs.
public enum OPMLExtension {
    public static let namespace = "https://github.com/newsmenu/newsmenu#opml"
    public static let prefix = "newsmenu"
}

public struct OPMLFeed: Sendable, Equatable {
    public var url: String
    public var title: String?
    public var htmlURL: String?
    /// How often to fetch it, in seconds (`newsmenu:interval`).
    public var interval: Int?

    public init(url: String, title: String? = nil, htmlURL: String? = nil, interval: Int? = nil) {
        self.url = url
        self.title = title
        self.htmlURL = htmlURL
        self.interval = interval
    }
}

/// A folder's newsmenu tab settings (`newsmenu:enabled`, `newsmenu:color`, `newsmenu:interval`).
public struct OPMLTabSettings: Sendable, Equatable {
    public var enabled = true
    /// As the config writes it: a colour name or `#rrggbb`.
    public var color: String?
    /// How often to fetch the tab's feeds, in seconds.
    public var interval: Int?

    public init(enabled: Bool = true, color: String? = nil, interval: Int? = nil) {
        self.enabled = enabled
        self.color = color
        self.interval = interval
    }

    var isDefault: Bool { enabled && color == nil && interval == nil }
}

public struct OPMLFolder: Sendable, Equatable {
    /// The folder names from the top down; empty for feeds outside any folder.
    public var path: [String]
    public var feeds: [OPMLFeed]
    public var settings: OPMLTabSettings

    public init(path: [String], feeds: [OPMLFeed] = [], settings: OPMLTabSettings = OPMLTabSettings()) {
        self.path = path
        self.feeds = feeds
        self.settings = settings
    }
}

/// Something in the file that is not imported, and why: a warning names it to the user.
public struct SkippedEntry: Sendable, Equatable {
    /// As a warning names it: `outline "Title"`, `folder "A/B"`, `line 7 "exec:…"`.
    public var name: String
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}

public struct OPMLDocument: Sendable, Equatable {
    public var title: String?
    public var folders: [OPMLFolder]
    public var skipped: [SkippedEntry]

    public init(title: String? = nil, folders: [OPMLFolder] = [], skipped: [SkippedEntry] = []) {
        self.title = title
        self.folders = folders
        self.skipped = skipped
    }

    /// Sets the settings of the folder at `path` (creating it at the end when new).
    mutating func setSettings(_ settings: OPMLTabSettings, ofFolder path: [String], folderIndex: inout [[String]: Int]) {
        folders[folder(at: path, folderIndex: &folderIndex)].settings = settings
    }

    /// Adds a feed to the folder at `path`, creating the folder at the end when new;
    /// `folderIndex` maps the paths added so far to their folders, so that each add is
    /// one look-up however many folders there are.
    mutating func add(_ feed: OPMLFeed?, inFolder path: [String], folderIndex: inout [[String]: Int]) {
        let index = folder(at: path, folderIndex: &folderIndex)
        if let feed { folders[index].feeds.append(feed) }
    }

    private mutating func folder(at path: [String], folderIndex: inout [[String]: Int]) -> Int {
        let index: Int
        if let existing = folderIndex[path] {
            index = existing
        } else {
            folders.append(OPMLFolder(path: path))
            index = folders.count - 1
            folderIndex[path] = index
        }
        return index
    }
}

/// A file that cannot be read as a subscription list: libxml2's own message, or what is missing.
public struct OPMLError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public var description: String { message }
}
