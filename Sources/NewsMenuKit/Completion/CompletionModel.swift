// What the shells complete, read off the command table: each command's options, which of
// them take a tab name, a path or another value, the words a command takes first
// (`tab add`, `cron install`), and which commands take a file argument.

struct CompletionModel {
    struct Command {
        var name: String
        var summary: String
        /// Lowercase first words from the arguments' `a|b|c` alternatives.
        var words: [String]
        var options: [OptionSpec]
        /// The command's argument is a file (`parse FILE|URL`, `import FILE.opml`).
        var takesFile: Bool

        /// What completes after the command: its first words, then its options.
        var candidates: [String] { words + options.map(\.name) }
    }

    var commands: [Command]

    init(specs: [CommandSpec] = CommandSpec.all) {
        commands = specs.map { spec in
            let words = spec.arguments.split(separator: "|").compactMap { alternative -> String? in
                guard let word = alternative.split(separator: " ").first,
                      word.allSatisfy({ $0.isLowercase && $0.isLetter }) else { return nil }
                return String(word)
            }
            return Command(name: spec.name, summary: spec.summary, words: words,
                           options: spec.options + CommandSpec.commonOptions,
                           takesFile: spec.arguments.contains("FILE"))
        }
    }

    /// Options that take a tab name, a path, and any other value, across commands.
    var tabOptionNames: [String] { optionNames(where: Self.takesTab) }
    var pathOptionNames: [String] { optionNames(where: Self.takesPath) }
    var otherValueOptionNames: [String] { optionNames { $0.value != nil && !Self.takesTab($0) && !Self.takesPath($0) } }
    /// Every option followed by a value: the scripts skip that value when looking for the command.
    var valueOptionNames: [String] { optionNames { $0.value != nil } }

    private func optionNames(where test: (OptionSpec) -> Bool) -> [String] {
        Set(commands.flatMap(\.options).filter(test).map(\.name)).sorted()
    }

    /// Options whose value is a tab's name.
    static func takesTab(_ option: OptionSpec) -> Bool { option.value == "NAME" }
    /// Options whose value is a file.
    static func takesPath(_ option: OptionSpec) -> Bool { option.value == "PATH" }
    /// `tab rename|remove|move NAME`: words after which a tab name comes.
    static let wordsBeforeTab = ["rename", "remove", "move"]

    /// The command the shells run to list tab names, one a line, from the config alone.
    static let tabListing = "newsmenu completion tabs"
}
