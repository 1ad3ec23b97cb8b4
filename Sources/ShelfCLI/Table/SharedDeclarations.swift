import ShelfCore

/// Arguments and options several commands take: declared once, so that they read, help and
/// complete the same everywhere.
enum Shared {
    static let directory = Positional<Directory>(
        "directory", help: "documents, caches, applicationSupport, temporary or sharedContainer:<group>")
    static let path = Positional<SafePath>(
        "path", help: "relative path inside the directory; subfolders allowed (a/b/c.json)")
    static let toDirectory = Positional<Directory>(
        "to-directory", help: "the directory to put it in (same names as <directory>)")
    static let file = Option<InputFile>("file", value: "SRC", help: "read SRC instead of standard input")
    static let force = Flag("force", short: "f", help: "replace an existing target (a folder: see below)")
    static let replaceFolder = Flag(
        "replace-folder", help: "replace a folder at the target whole, deleting what only it holds (implies --force)")
    static let printPath = Flag("print-path", help: "print the absolute path of the result")
    /// `--mode` of the commands that create files (save, append).
    static let mode = Option<ModeValue>(
        "mode", value: "MODE", help: "permission bits of a new file, in octal (644); the umask still applies")
    /// `--json` of a command that prints one object.
    static let json = Flag("json", help: "print one JSON object instead of text")
    /// `--json` of a command that acts: what it did, as one object.
    static let jsonReport = Flag("json", help: "print what was done as one JSON object (docs/json-output.md)")
    /// `--dry-run` of the commands that remove or replace files (clear has its own words for it).
    static let dryRun = Flag("dry-run", short: "n", help: "print the paths that would be removed or replaced; change nothing")
    /// `-0`: names as their exact bytes, each ended by NUL, for `xargs -0` and `read -d ''`.
    static let null = Flag("null", short: "0", help: "end each name with NUL instead of a newline, and print its exact bytes")
}

/// Options every command accepts after its name.
enum CommonOptions {
    static let app = Option<String>("app", value: "NAME", help: "app namespace inside each directory (default: $SHELF_APP, else 'shelf')",
                                    kind: .app)
    static let root = Option<RootFolder>(
        "root", value: "DIR", help: "use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)")
    static let quiet = Flag("quiet", short: "q", help: "no progress line or notice on standard error; errors are still reported")
    static let help = Flag("help", short: "h", help: "show this help and exit")

    static let all: [any OptionDeclaration] = [app, root, quiet, help]
}

/// Options before the command name (`shelf --app NAME save …`).
enum GlobalOptions {
    static let app = Option<String>("app", value: "NAME", help: "app namespace inside each directory (default: $SHELF_APP, else 'shelf')",
                                    kind: .app)
    static let root = Option<RootFolder>(
        "root", value: "DIR", help: "use the folder DIR (absolute) as the whole store: every directory is DIR (default: $SHELF_ROOT)")
    static let quiet = Flag("quiet", short: "q", help: "no progress line or notice on standard error (also after the command)")
    static let json = Flag("json", help: "with --version, or before a command that has --json: print JSON")
    static let help = Flag("help", short: "h", help: "show help (also: shelf help <command>, shelf <command> --help)")
    static let version = Flag("version", help: "print the version")
    static let manPage = Flag("generate-manpage", help: "print the man page (roff) built from the command table")

    static let all: [any OptionDeclaration] = [app, root, quiet, json, help, version, manPage]
}

/// `<directory> <path>`, the two arguments most commands start with.
struct StoredPath: Sendable, Equatable {
    let directory: Directory
    let path: SafePath

    init(_ words: ParsedWords) throws {
        directory = try words[Shared.directory]
        path = try words[Shared.path]
    }

    init(_ path: SafePath, in directory: Directory) {
        self.directory = directory
        self.path = path
    }
}

/// A command that takes `<directory> <path>` and nothing else (exists, is-folder, backup, …).
protocol StoredPathCommand: Command {
    init(stored: StoredPath)
}

extension StoredPathCommand {
    init(_ words: ParsedWords) throws {
        self.init(stored: try StoredPath(words))
    }
}
