// `newsmenu manpage`: prints newsmenu.1 (roff) for `man -l -` or installing under man1.
enum ManPageCommand {
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        Console.outDrawn(String(ManPage.text().dropLast()))
        return ExitStatus.success
    }
}
