import CShelfLinux
import Glibc

/// The flags of `open`. Every descriptor is also opened close-on-exec (`Kernel` implementations
/// add it), so none leaks into a child process.
package struct OpenOptions: OptionSet, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// No access bits: reading only (O_RDONLY is 0).
    package static let readOnly = OpenOptions([])
    package static let writeOnly = OpenOptions(rawValue: O_WRONLY)
    static let readWrite = OpenOptions(rawValue: O_RDWR)
    package static let create = OpenOptions(rawValue: O_CREAT)
    /// With `create`: fail with EEXIST rather than open an existing file.
    package static let exclusive = OpenOptions(rawValue: O_EXCL)
    /// Fail with ELOOP on a symbolic link instead of following it.
    package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    /// Fail with ENOTDIR unless it is a folder.
    package static let folder = OpenOptions(rawValue: O_DIRECTORY)
    /// Never wait in `open` (a FIFO without a writer); shelf clears it once a file is known regular.
    static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
    /// A new file without a name in the folder opened (O_TMPFILE): it gets one with `link`, or
    /// vanishes when closed.
    package static let unnamedFile = OpenOptions(rawValue: shelf_o_tmpfile)
    /// Only a name for `*at` calls and `fstat` (O_PATH): no reading or writing through it, and no
    /// read permission needed to open it (a folder the user may search but not read).
    package static let reference = OpenOptions(rawValue: shelf_o_path)
}

/// The flags of `renameat2`.
package struct RenameOptions: OptionSet, Sendable {
    package let rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Fail with EEXIST rather than replace the target (RENAME_NOREPLACE).
    package static let noReplace = RenameOptions(rawValue: 1)
    /// Swap the two names atomically; both must exist (RENAME_EXCHANGE).
    package static let exchange = RenameOptions(rawValue: 2)
}

/// What `faccessat` checks, for the effective user.
package struct AccessMode: OptionSet, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The name exists (F_OK is 0).
    package static let exists = AccessMode([])
    package static let write = AccessMode(rawValue: W_OK)
    package static let search = AccessMode(rawValue: X_OK)
}

/// The operations of `flock`.
package enum LockOperation: Sendable {
    case shared, exclusive, unlock
}
