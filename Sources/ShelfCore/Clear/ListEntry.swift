/// One file or folder as `Store.list` reports it.
public struct ListEntry: Sendable, Equatable {
    /// The path relative to the listed folder; a folder's ends with `/`. A name that is not
    /// valid UTF-8 appears escaped (`\xE9`, see docs/formats.md); `nameBytes` has it exactly.
    public var name: String {
        get { EscapedText.text(nameBytes) }
        set { nameBytes = Array(newValue.utf8) }
    }
    /// The path's exact bytes, as the file system holds them.
    public var nameBytes: [UInt8]
    public var isFolder: Bool
    /// Size in bytes (0 for folders). A symbolic link reports its own size, never its target's.
    public var size: Int64
    /// Last modification, seconds since 1970 UTC, and the nanoseconds within that second.
    public var modified: Int64
    public var modifiedNanoseconds: Int64
    /// When the file expires (seconds since 1970 UTC); nil for none.
    public var expires: Int64?
    /// Whether `user.xdg.robots.backup` is `false` (see `setExcludedFromBackup`).
    public var excludedFromBackup: Bool

    public init(name: String, isFolder: Bool, size: Int64, modified: Int64, modifiedNanoseconds: Int64 = 0,
                expires: Int64? = nil, excludedFromBackup: Bool = false) {
        self.init(nameBytes: Array(name.utf8), isFolder: isFolder, size: size, modified: modified,
                  modifiedNanoseconds: modifiedNanoseconds, expires: expires, excludedFromBackup: excludedFromBackup)
    }

    public init(nameBytes: [UInt8], isFolder: Bool, size: Int64, modified: Int64, modifiedNanoseconds: Int64 = 0,
                expires: Int64? = nil, excludedFromBackup: Bool = false) {
        self.nameBytes = nameBytes
        self.isFolder = isFolder
        self.size = size
        self.modified = modified
        self.modifiedNanoseconds = modifiedNanoseconds
        self.expires = expires
        self.excludedFromBackup = excludedFromBackup
    }
}
