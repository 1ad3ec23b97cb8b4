/// Modes asked for with `--mode` (`SaveOptions.mode`, `AppendOptions.mode`).
public enum FileMode {
    /// The default for new files: the user's alone.
    public static let privateFile: UInt32 = 0o600

    /// The mode of the folders made on the way to a file of mode `file`: whoever may read the file
    /// must be able to enter the folders, so each read bit brings its search bit (0644 gives 0755,
    /// 0640 gives 0750, 0444 gives 0755); the owner always has all three, or the file could not
    /// be put inside.
    public static func folder(for file: UInt32) -> UInt32 {
        let permissions = file & 0o777
        return permissions | ((permissions & 0o444) >> 2) | 0o700
    }
}
