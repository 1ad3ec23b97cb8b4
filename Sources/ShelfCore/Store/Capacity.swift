/// The space of the volume that holds a directory, in bytes, under Disk's four names.
///
/// Linux has no purgeable space and no notion of "important" writes, so the last two are
/// derived (see docs/directories.md): important usage may take everything available to the
/// user; opportunistic usage (prefetching, caches that can be re-created) should leave a reserve
/// of 5% of the volume, at most 1 GiB, so that it never takes the last space on a nearly full disk.
public struct VolumeCapacity: Sendable, Equatable {
    /// The size of the volume.
    public var totalCapacity: Int64
    /// What the current user can still write (`f_bavail`: without the blocks reserved for root).
    public var availableCapacity: Int64
    /// Space for writes the user asked for: the same as `availableCapacity`.
    public var availableCapacityForImportantUsage: Int64
    /// Space for writes that could wait: `availableCapacity` minus the reserve, never negative.
    public var availableCapacityForOpportunisticUsage: Int64

    /// The opportunistic reserve is 5% of the volume…
    public static let reserveFraction: Int64 = 20
    /// …but never more than 1 GiB, so that large volumes are not held back by tens of gigabytes.
    public static let reserveLimit: Int64 = 1 << 30

    public init(totalCapacity: Int64, availableCapacity: Int64, availableCapacityForImportantUsage: Int64,
                availableCapacityForOpportunisticUsage: Int64) {
        self.totalCapacity = totalCapacity
        self.availableCapacity = availableCapacity
        self.availableCapacityForImportantUsage = availableCapacityForImportantUsage
        self.availableCapacityForOpportunisticUsage = availableCapacityForOpportunisticUsage
    }

    /// Derives all four from `statvfs` numbers: total = blocks × fragment size, available =
    /// blocks available to unprivileged users × fragment size (each capped at `Int64.max`).
    public init(fragmentSize: UInt64, totalBlocks: UInt64, availableBlocks: UInt64) {
        let total = VolumeCapacity.bytes(totalBlocks, fragmentSize)
        let available = min(VolumeCapacity.bytes(availableBlocks, fragmentSize), total)
        let reserve = min(total / VolumeCapacity.reserveFraction, VolumeCapacity.reserveLimit)
        self.init(totalCapacity: total, availableCapacity: available, availableCapacityForImportantUsage: available,
                  availableCapacityForOpportunisticUsage: max(0, available - reserve))
    }

    private static func bytes(_ blocks: UInt64, _ size: UInt64) -> Int64 {
        let (product, overflow) = blocks.multipliedReportingOverflow(by: size)
        return overflow || product > UInt64(Int64.max) ? Int64.max : Int64(product)
    }
}

extension Store {
    /// The capacity of the volume that holds `directory`'s namespace folder (Disk's four
    /// `availableCapacity…` values). When the folder does not exist yet, its nearest existing
    /// ancestor is asked instead: that is where it would be created. Nothing is created.
    /// - Throws: `cannotAccessDirectory` (unset HOME, an unsafe temporary folder), `permissionDenied`.
    public func capacity(of directory: Directory) throws -> VolumeCapacity {
        let ns = try locations.namespace(for: directory)
        let info: VolumeStatus
        if let folder = try FolderWalker.openNamespace(ns, create: false) {
            info = try folder.closeAfter { folder in
                try systemCall(.volumeStatus, path: ns.path) { () throws(Errno) in try kernel.volumeStatus(folder.raw) }
            }
        } else {
            info = try Store.nearestVolume(of: ns.path)
        }
        // A few file systems leave the fragment size 0; the block size is then the unit.
        let unit = info.fragmentSize != 0 ? info.fragmentSize : info.blockSize
        return VolumeCapacity(fragmentSize: unit, totalBlocks: info.blocks, availableBlocks: info.availableBlocks)
    }

    /// The volume of the nearest existing ancestor of `path`: where it would be created.
    private static func nearestVolume(of path: String) throws -> VolumeStatus {
        var path = path
        while true {
            do {
                return try kernel.volumeStatus(of: SystemString(path))
            } catch where (error == .noSuchFile || error == .notFolder) && path != "/" {
                path = FolderWalker.parentPath(of: path)
            } catch {
                throw ShelfError.system(error, path: path, operation: .volumeStatus)
            }
        }
    }
}
