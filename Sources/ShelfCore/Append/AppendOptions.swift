/// How `append` treats its input.
public struct AppendOptions: Sendable {
    /// The input is a JSON array and each of its elements is appended (Disk's `append([T])`);
    /// for a folder, each element becomes its own numbered file.
    public var each: Bool = false
    /// Append the bytes as they are, without checking or reshaping them (like `>>`).
    public var raw: Bool = false
    /// What the target holds; nil decides by the name (see `AppendFormat.forName`). The Swift
    /// API sets it, because Disk stores JSON under any name.
    public var format: AppendFormat? = nil
    /// The permission bits of a file (or numbered folder) the append creates, and of the folders
    /// made on the way (`FileMode.folder(for:)`); the umask still applies. A file that exists keeps
    /// its mode.
    public var mode: UInt32 = FileMode.privateFile
    /// A `.json` file holding one value that is not an array becomes `[<old>,<item>]`, as Disk
    /// does; false refuses with `StoredValueNotArray` and changes nothing (the command line
    /// without `--wrap`: a config file's reader would break).
    package var wrapsSingleValue = true

    public init(each: Bool = false, raw: Bool = false, mode: UInt32 = FileMode.privateFile) {
        self.each = each
        self.raw = raw
        self.mode = mode
    }
}

/// What one `append` did.
public struct AppendResult: Sendable, Equatable {
    /// The absolute path of the file appended to (or of the new file in a folder).
    public var path: String
    /// How many elements, lines or files were added.
    public var itemsAppended: Int
    /// Folder appends: the new file's name ("7"); with `each`, the first of `createdNames`.
    public var createdName: String?
    /// Folder appends: every new file's name, in order.
    public var createdNames: [String]

    public init(path: String, itemsAppended: Int, createdNames: [String] = []) {
        self.path = path
        self.itemsAppended = itemsAppended
        self.createdName = createdNames.first
        self.createdNames = createdNames
    }
}

/// The four kinds of append target, each stored and grown its own way (docs/formats.md).
public enum AppendFormat: Sendable, Equatable {
    /// A `.json` file holding one JSON text; items join a top-level array.
    case jsonArray
    /// A `.jsonl` or `.ndjson` file: one JSON text per line.
    case jsonLines
    /// Any other file: bytes are added at the end as they are.
    case raw
    /// A folder of numbered files (Disk's `[Data]`).
    case folder

    /// The format a file name asks for.
    static func forName(_ name: FileName) -> AppendFormat {
        let lower = String(decoding: name.bytes.suffix(7), as: UTF8.self).lowercased()
        if lower.hasSuffix(".json") { return .jsonArray }
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonLines }
        return .raw
    }
}

/// An append to a `.json` file refused because the file holds one value that is not an array
/// (`AppendOptions.wrapsSingleValue` false): nothing was changed.
package struct StoredValueNotArray: Error, Equatable {
    /// The file's absolute path.
    package let path: String
    /// What it holds: "an object", "a string", "a number", "true", "false" or "null".
    package let holds: String

    /// The kind of JSON value that starts with `byte`.
    static func kind(startingWith byte: UInt8?) -> String {
        switch byte {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"): return "true"
        case UInt8(ascii: "f"): return "false"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }
}
