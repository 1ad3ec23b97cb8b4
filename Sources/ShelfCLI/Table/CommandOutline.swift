/// The command table as a tool outside the command line reads it (the reliability battery's argv
/// fuzzing): every command's name, the kinds of its positional arguments, its options and the
/// statuses it may exit with. A command added to the table is then fuzzed, and its statuses
/// allowed, with no second list to keep in step.
package struct CommandOutline: Sendable {
    /// What a positional argument holds, as far as choosing a plausible word for it goes.
    package enum Slot: Sendable {
        case directory, storedPath, command, program, other
    }

    package let name: String
    /// Hidden commands (the completion scripts' helpers) are in the table too.
    package let hidden: Bool
    package let arguments: [(slot: Slot, optional: Bool)]
    /// Its own options and the common ones, as `--name`, and whether each takes a value.
    package let options: [(spelling: String, takesValue: Bool)]
    /// Every status it may exit with (`ExitCode.everyCommand` and its own).
    package let statuses: [Int32]

    /// Every command of `CommandTable`, in its order.
    package static var table: [CommandOutline] { CommandTable.all.map(CommandOutline.init) }

    /// The options read before the command name (`--app`, `--root`, …), as `--name`.
    package static var globalOptions: [String] { CommandSpec.global.map { "--" + $0.name } }

    private init(_ spec: CommandSpec) {
        name = spec.name
        hidden = spec.hidden
        arguments = spec.arguments.map { argument in
            let slot: Slot
            switch argument.kind {
            case .directory: slot = .directory
            case .storedPath: slot = .storedPath
            case .command: slot = .command
            case .program: slot = .program
            case .text, .shell, .file, .app: slot = .other
            }
            return (slot, argument.optional)
        }
        options = spec.allOptions.map { ("--" + $0.name, $0.value != nil) }
        statuses = spec.statuses
    }
}
