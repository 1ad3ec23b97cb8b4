/// One file or folder as `Store.list` reports it.
public struct ListEntry: Sendable, Equatable {
    /// The path relative to the listed folder; a folder's ends with `/`. A name that is not
    /// valid UTF-8 appears escaped (`\xE9`, see docs/formats.md); `nameBytes` has it exactly.
    public var name: String {
        get { text }
        set { (text, bytesOfInvalidName) = (newValue, nil) }
    }
    /// The path's exact bytes, as the file system holds them.
    public var nameBytes: [UInt8] {
        get { bytesOfInvalidName ?? Array(text.utf8) }
        set { (text, bytesOfInvalidName) = ListEntry.name(newValue) }
    }
    private var text: String
    /// The exact bytes of a name that is not valid UTF-8; nil when `name` is exact. (A valid name
    /// is kept as text alone: a short one then needs no allocation, which listings of many
    /// entries feel.)
    package private(set) var bytesOfInvalidName: [UInt8]?
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
        (text, bytesOfInvalidName) = ListEntry.name(nameBytes)
        self.isFolder = isFolder
        self.size = size
        self.modified = modified
        self.modifiedNanoseconds = modifiedNanoseconds
        self.expires = expires
        self.excludedFromBackup = excludedFromBackup
    }

    /// Whether the file's expiry time has passed at `now` (seconds since 1970 UTC): `retrieve`
    /// then refuses it and `clear --expired` removes it.
    public func hasExpired(at now: Int64) -> Bool {
        Expiry.hasExpired(expires, now: now)
    }

    /// The text of a name and, when it is not valid UTF-8, its bytes.
    private static func name(_ bytes: [UInt8]) -> (String, [UInt8]?) {
        if let text = UTF8Text.validated(bytes) { return (text, nil) }
        return (EscapedText.escaping(bytes), bytes)
    }
}
