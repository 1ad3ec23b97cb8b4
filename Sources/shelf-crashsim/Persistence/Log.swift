import ShelfCore

/// One piece of on-disk state a power cut keeps or loses as a whole: a folder entry, a file's
/// length, one block of its data, its mode, its times, one extended attribute.
enum SlotKey: Hashable {
    case entry(folder: Int, name: [UInt8])
    case size(Int)
    case block(Int, Int)
    case mode(Int)
    case times(Int)
    case attribute(Int, [UInt8])

    /// The inode whose data or metadata this is (the folder, for an entry).
    var inode: Int {
        switch self {
        case .entry(let folder, _): folder
        case .size(let inode), .block(let inode, _), .mode(let inode), .times(let inode), .attribute(let inode, _): inode
        }
    }
}

/// The value a slot has after an operation (a snapshot, not a difference: a block holds the
/// whole block as the page cache had it then, as writeback would write it).
enum SlotValue: Equatable {
    case entry(Int?)
    case size(Int)
    case block([UInt8])
    case mode(UInt32)
    case times(FileTime)
    case attribute([UInt8]?)
}

/// What makes a unit durable (docs/reliability.md, the persistence model).
enum Durability: Equatable {
    /// An `fsync` of any folder whose entries the operation changed.
    case entries([Int])
    /// An `fsync` or `fdatasync` of the file.
    case data(Int)
    /// An `fsync` of the file.
    case metadata(Int)
}

/// The smallest thing a power cut keeps or loses: one operation's change to one or more slots,
/// all or nothing (a rename changes two entries at once, or neither).
struct Unit {
    let op: Int
    let effects: [(key: SlotKey, value: SlotValue)]
    let durability: Durability
}

/// What kind of call an operation was: the broken-build switches and the report look at it.
enum OperationKind: Equatable {
    case write, truncate, create, makeFolder, link, rename, exchange, remove, symbolicLink, mode, times, attribute
    case sync(full: Bool)
}

/// One recorded call that changed the disk or made something durable: a crash point follows each.
struct LoggedOperation {
    let kind: OperationKind
    /// The index of the command (step) of the scenario it belongs to.
    let step: Int
    /// For messages: the call and its names.
    let summary: String
    /// The file written, synced, linked or renamed.
    let inode: Int?
    /// The folders whose entries changed.
    let folders: [Int]
    /// For a sync: whether the synced inode is a folder, and where in the engine it was called.
    var isFolder = false
    var site: String?
}

/// The record of one run: every operation that reached the page cache, broken into units, and
/// the inodes made meanwhile as they were made.
struct Recorder {
    var operations: [LoggedOperation] = []
    var units: [Unit] = []
    /// Inodes made while recording, in their first state (a crash image holds them, unreachable
    /// unless a name that leads to them survived).
    var created: [Int: Inode] = [:]
    var step = 0
    /// Find the engine's call site of every sync (costs a backtrace each).
    var recordsSites = true
    let blockSize: Int
    /// A rename between two folders is recorded in two halves (`PersistenceModel.renameHalves`).
    let renameHalves: Bool

    init(model: PersistenceModel) {
        blockSize = model.blockSize
        renameHalves = model.renameHalves
    }

    mutating func log(_ kind: OperationKind, _ summary: String, inode: Int? = nil, folders: [Int] = [],
                      units: [(effects: [(key: SlotKey, value: SlotValue)], durability: Durability)] = []) -> Int {
        let index = operations.count
        operations.append(LoggedOperation(kind: kind, step: step, summary: summary, inode: inode, folders: folders))
        for unit in units { self.units.append(Unit(op: index, effects: unit.effects, durability: unit.durability)) }
        return index
    }
}

extension World {
    /// Records a change of `inode`'s bytes `range` (its length was `oldSize`): a unit per block
    /// touched, one for a new length, one for the times.
    mutating func recordData(_ inode: Int, range: Range<Int>, oldSize: Int, kind: OperationKind, summary: String) {
        guard let size = recorder?.blockSize else { return }
        let data = disk[inode].data
        var units: [(effects: [(key: SlotKey, value: SlotValue)], durability: Durability)] = []
        if !range.isEmpty {
            for block in (range.lowerBound / size)...((range.upperBound - 1) / size) {
                let start = block * size
                let bytes = start < data.count ? Array(data[start..<min(start + size, data.count)]) : []
                units.append(([(.block(inode, block), .block(bytes))], .data(inode)))
            }
        }
        if data.count != oldSize { units.append(([(.size(inode), .size(data.count))], .data(inode))) }
        units.append(([(.times(inode), .times(now))], .metadata(inode)))
        _ = recorder!.log(kind, summary, inode: inode, units: units)
    }

    /// Records changes of folder entries made by one call: all or nothing, durable with an
    /// `fsync` of any folder changed.
    mutating func recordEntries(_ kind: OperationKind, _ changes: [(folder: Int, name: [UInt8], inode: Int?)], inode: Int?,
                                summary: String) {
        guard recorder != nil else { return }
        var folders: [Int] = []
        for change in changes where !folders.contains(change.folder) { folders.append(change.folder) }
        let effects = changes.map { (key: SlotKey.entry(folder: $0.folder, name: $0.name), value: SlotValue.entry($0.inode)) }
        _ = recorder!.log(kind, summary, inode: inode, folders: folders, units: [(effects, .entries(folders))])
    }

    /// Records a change of an inode's metadata (mode, times, an attribute): durable with its `fsync`.
    mutating func recordMetadata(_ kind: OperationKind, _ inode: Int, _ key: SlotKey, _ value: SlotValue, summary: String) {
        guard recorder != nil else { return }
        _ = recorder!.log(kind, summary, inode: inode, units: [([(key, value)], .metadata(inode))])
    }

    /// Records a rename from one folder to another: one unit, or where the model says so two
    /// halves: the new name, durable with its folder; and the old name's removal, durable with its
    /// own folder, which never persists without the new name (it carries that entry too).
    mutating func recordRename(from: (folder: Int, name: [UInt8]), to: (folder: Int, name: [UInt8]), inode: Int, summary: String) {
        guard recorder != nil else { return }
        guard recorder!.renameHalves, from.folder != to.folder else {
            return recordEntries(.rename, [(from.folder, from.name, nil), (to.folder, to.name, inode)], inode: inode, summary: summary)
        }
        let newName = (key: SlotKey.entry(folder: to.folder, name: to.name), value: SlotValue.entry(inode))
        let oldName = (key: SlotKey.entry(folder: from.folder, name: from.name), value: SlotValue.entry(nil))
        _ = recorder!.log(.rename, summary, inode: inode, folders: [from.folder, to.folder],
                          units: [([newName], .entries([to.folder])), ([oldName, newName], .entries([from.folder]))])
    }

    /// Records an inode made now, as made.
    mutating func recordCreated(_ inode: Int) {
        recorder?.created[inode] = disk[inode]
    }

    /// Records an `fsync` (`full`) or `fdatasync` of `inode`, and where the engine called it.
    mutating func recordSync(_ inode: Int, full: Bool) {
        guard recorder != nil else { return }
        let isFolder = disk[inode].kind == .folder
        let summary = (full ? "fsync " : "fdatasync ") + describe(inode)
        let site = recorder!.recordsSites ? SyncSites.current() : nil
        let index = recorder!.log(.sync(full: full), summary, inode: inode)
        recorder!.operations[index].isFolder = isFolder
        recorder!.operations[index].site = site
    }

    /// Whether calls are being recorded (messages for the log are only made then).
    var recording: Bool { recorder != nil }

    /// A short name for an inode in messages: its path where it has one.
    func describe(_ inode: Int) -> String {
        path(of: inode).map { String(decoding: $0, as: UTF8.self) } ?? "#\(inode) (unnamed)"
    }

    /// One path of `inode`, found by a walk from the root (nil when it has no name).
    func path(of inode: Int) -> [UInt8]? {
        if inode == Disk.root { return Array("/".utf8) }
        var found: [UInt8]?
        disk.walk(from: Disk.root) { _, entry, path, target in
            if entry.inode == inode || target == inode { found = path }
            return found != nil
        }
        return found
    }
}
