import FoundationEssentials

extension Disk {
    /// Moves the file or folder at `path` to the same relative path in `destination` (across file
    /// systems too: copied, synced, renamed into place, and only then removed from the source).
    /// - Throws: `notFound`, `alreadyExists` when the target exists, `invalidTarget`.
    public static func move(_ path: String, in directory: Directory, to destination: Directory) throws {
        try bridging(directory) { _ = try store().move(name(path), in: directory, to: destination) }
    }

    /// Renames the file or folder at `path` to `newPath` in the same directory; names keep their
    /// exact bytes (no percent-encoding).
    /// - Throws: `notFound`, `alreadyExists` when `newPath` is taken, `invalidTarget`.
    public static func rename(_ path: String, in directory: Directory, to newPath: String) throws {
        try bridging(directory) { _ = try store().rename(name(path), in: directory, to: name(newPath)) }
    }
}

extension Disk {
    /// The size of the volume that holds `documents`, in bytes; nil when it cannot be read.
    public static var totalCapacity: Int? { capacity?.totalCapacity }
    /// What the user can still write on that volume, in bytes.
    public static var availableCapacity: Int? { capacity?.availableCapacity }
    /// Space for writes the user asked for, in bytes (see docs/directories.md for the derivation).
    public static var availableCapacityForImportantUsage: Int? { capacity?.availableCapacityForImportantUsage }
    /// Space for optional data such as caches, in bytes: what is available minus a reserve, never negative.
    public static var availableCapacityForOpportunisticUsage: Int? { capacity?.availableCapacityForOpportunisticUsage }

    /// Disk answers `Int?`: these read the four values of `Store.capacity(of: .documents)` at once.
    private static var capacity: (totalCapacity: Int, availableCapacity: Int,
                                  availableCapacityForImportantUsage: Int, availableCapacityForOpportunisticUsage: Int)? {
        guard let volume = try? store().capacity(of: .documents) else { return nil }
        return (Int(volume.totalCapacity), Int(volume.availableCapacity),
                Int(volume.availableCapacityForImportantUsage), Int(volume.availableCapacityForOpportunisticUsage))
    }
}
