import Foundation

// What a spawn is asked for: where its standard streams go and the limits set for it alone.

/// Where a child's standard input comes from.
public enum ChildInput {
    case none
    case bytes([UInt8])
    /// A pipe: the caller writes through `Child.writeInput` and ends with `closeInput`.
    case pipe
    /// An open descriptor the caller owns (a pty, a file).
    case descriptor(Int32)
}

/// Where a child's standard output goes.
public enum ChildOutput {
    /// An unnamed temp file, read into `ChildResult.stdout`.
    case capture
    /// /dev/null: output nobody reads (the bench times the writer alone).
    case discard
    /// A pipe the caller reads to its end through `Child.outputReader` (a reader as fast as can be).
    case pipe
}

/// Limits and dispositions set for one child only.
public struct ChildLimits {
    public var fileSizeBytes: UInt64?
    public var ignoreFileSizeSignal = false
    public var umask: mode_t?
    /// RLIMIT_NOFILE for the child (the harness may run with a higher one than users have).
    public var openFiles: UInt64?

    public init(fileSizeBytes: UInt64? = nil, ignoreFileSizeSignal: Bool = false, umask: mode_t? = nil, openFiles: UInt64? = nil) {
        self.fileSizeBytes = fileSizeBytes
        self.ignoreFileSizeSignal = ignoreFileSizeSignal
        self.umask = umask
        self.openFiles = openFiles
    }
}
