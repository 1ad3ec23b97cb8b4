import ShelfCore

/// How a command prints names found on disk, which may hold any byte (docs/formats.md, "Names
/// are bytes"). Chosen once per command, from its options and where standard output goes.
enum NameStyle {
    /// On a terminal: quoted for the shell as GNU ls does (`ShellQuoted`), so that a name can be
    /// pasted back and no byte of it reaches the terminal as a control.
    case shellQuoted
    /// Off a terminal: escaped (`EscapedText`), so that one line is always one entry.
    case escaped
    /// `--null`: the exact bytes, each name ended by NUL.
    case exact

    init(null: Bool, output: Output) {
        self = null ? .exact : output.isTerminal ? .shellQuoted : .escaped
    }

    func shown(_ name: [UInt8]) -> [UInt8] {
        switch self {
        case .shellQuoted: return ShellQuoted.quoted(name)
        case .escaped: return EscapedText.escapedBytes(name)
        case .exact: return name
        }
    }

    var terminator: UInt8 { self == .exact ? 0 : UInt8(ascii: "\n") }
}

extension Output {
    /// One entry: `fields` (what a long listing puts before the name), the name as `style` shows
    /// it, and the entry's end.
    func entry(_ name: [UInt8], after fields: String = "", style: NameStyle) {
        if !fields.isEmpty { self.write(fields) }
        self.write(bytes: style.shown(name))
        self.write(byte: style.terminator)
    }
}
