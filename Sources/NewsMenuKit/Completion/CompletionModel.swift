// What the shells complete, read off the command table: each command's options, which of
// them take a tab name or a path, and the words a command takes first (`tab add`, `cron install`).

struct CompletionModel {
    struct Command {
        var name: String
        var summary: String
        /// Lowercase first words from the arguments' `a|b|c` alternatives.
        var words: [String]
        var options: [OptionSpec]

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
                           options: spec.options + CommandSpec.commonOptions)
        }
    }

    /// The names of the options, across commands, that take a tab name; and a path.
    var tabOptionNames: [String] { optionNames(where: Self.takesTab) }
    var pathOptionNames: [String] { optionNames(where: Self.takesPath) }

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
