// argv → one command with its options and arguments, or a usage error.

struct Invocation: Equatable {
    enum Action: Equatable {
        case run(command: String)
        case help(command: String?)
        case version
    }

    var action: Action
    /// Every value given for each option, in order (`--tab A --tab B`).
    var options: [String: [String]] = [:]
    var flags: Set<String> = []
    var arguments: [String] = []

    /// The option's value; the last one when given several times.
    func option(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A mistake in how newsmenu was called: exit 64 with a one-line message and the usage.
struct UsageError: Error, Equatable {
    var message: String
    /// The command whose usage to print, if known.
    var command: String?
}

enum InvocationParser {
    /// Options may come before or after the command; `--name=value` and `--name value`
    /// both work; `--` ends the options.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var commandName: String?
        var options: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []
        var pending = arguments[...]
        var optionsEnded = false

        while let argument = pending.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                if commandName == nil {
                    // A word that names no command is said to be that, not blamed on its options.
                    guard CommandSpec.named(argument) != nil || argument == "help" else {
                        throw UsageError(message: "unknown command '\(argument)'", command: nil)
                    }
                    commandName = argument
                } else {
                    positionals.append(argument)
                }
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--version" || argument == "-V" { return Invocation(action: .version) }
            if argument == "--help" || argument == "-h" {
                flags.insert("--help")
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0]
            let spec = commandName.flatMap(CommandSpec.named)
            guard let option = spec?.option(named: name) ?? anyCommandOption(named: name, before: commandName) else {
                throw UsageError(message: "unknown option '\(name)'" + (commandName.map { " for '\($0)'" } ?? ""),
                                 command: commandName)
            }
            if option.value != nil {
                guard let value = parts.count == 2 ? parts[1] : pending.popFirst() else {
                    throw UsageError(message: "option '\(name)' needs a value (\(option.value ?? ""))", command: commandName)
                }
                // No option means anything by an empty value: `--config ""` named the current
                // directory, `--title ""` an empty title.
                guard !value.isEmpty else {
                    throw UsageError(message: "option '\(name)' needs a value (\(option.value ?? "")), not an empty one",
                                     command: commandName)
                }
                options[name, default: []].append(value)
            } else {
                guard parts.count == 1 else {
                    throw UsageError(message: "option '\(name)' takes no value", command: commandName)
                }
                flags.insert(name)
            }
        }

        if commandName == "help" {
            return Invocation(action: .help(command: positionals.first))
        }
        // No command is `show`, the page menu; `newsmenu --help` alone is the overview.
        guard let name = commandName ?? (flags.contains("--help") ? nil : "show") else {
            return Invocation(action: .help(command: nil))
        }
        guard let spec = CommandSpec.named(name) else {
            throw UsageError(message: "unknown command '\(name)'", command: nil)
        }
        if flags.contains("--help") { return Invocation(action: .help(command: name)) }
        // An option given before the command must also be one the command accepts.
        for optionName in options.keys.sorted() + flags.sorted() where spec.option(named: optionName) == nil {
            throw UsageError(message: "unknown option '\(optionName)' for '\(name)'", command: name)
        }
        guard spec.positionalCount.contains(positionals.count) else {
            let message = positionals.count > spec.positionalCount.upperBound
                ? "unexpected argument '\(positionals[spec.positionalCount.upperBound])'"
                : "missing argument \(spec.arguments)"
            throw UsageError(message: message, command: name)
        }
        return Invocation(action: .run(command: name), options: options, flags: flags, arguments: positionals)
    }

    /// Before the command is known, accept an option that some command takes; it is
    /// checked against the command once that is read.
    private static func anyCommandOption(named name: String, before command: String?) -> OptionSpec? {
        guard command == nil else { return nil }
        return CommandSpec.all.lazy.compactMap { $0.option(named: name) }.first
    }
}
