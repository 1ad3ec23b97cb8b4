import ShelfCore

/// An open descriptor of the modelled process.
struct Descriptor {
    enum Target {
        /// A file or folder of the disk.
        case inode(Int)
        /// Standard input: a pipe holding these bytes.
        case pipe([UInt8])
        /// Standard output or error: what is written is kept (`World.output`).
        case capture
        /// `/dev/null`.
        case null
        /// A read-only text made up when opened (`/proc/locks`).
        case text([UInt8])
    }

    var target: Target
    var offset = 0
    var readable: Bool
    var writable: Bool

    var inode: Int? {
        if case .inode(let inode) = target { return inode }
        return nil
    }
}

/// Who holds the `flock` of one inode, by descriptor (each descriptor is its own open file
/// description: shelf never duplicates one).
struct LockState {
    var exclusive: Int32?
    var shared: [Int32] = []
}

/// One process's view of the model: the disk as the page cache shows it (`disk`), the open
/// descriptors and their locks, and (while recording) the log of what reached the disk and when
/// it became durable.
struct World {
    var disk: Disk
    var descriptors: [Int32: Descriptor] = [:]
    var locks: [Int: LockState] = [:]
    /// What was written to the captured descriptors (standard output, standard error).
    var output: [Int32: [UInt8]] = [:]
    /// The time every change of the current command is stamped with: one value per command, so
    /// that the times of a crash image depend on the command, not on how many calls it made.
    var now: FileTime
    var recorder: Recorder?
    /// Set when the engine did something the model treats as a bug (waiting forever on its own lock).
    var fault: String?
    let umask: UInt32 = 0o022
    let owner: UInt32

    init(disk: Disk, now: FileTime, owner: UInt32) {
        self.disk = disk
        self.now = now
        self.owner = owner
    }

    /// A fresh process: standard input holding `input`, standard output and error captured.
    mutating func startProcess(input: [UInt8]) {
        descriptors = [0: Descriptor(target: .pipe(input), readable: true, writable: false),
                       1: Descriptor(target: .capture, readable: false, writable: true),
                       2: Descriptor(target: .capture, readable: false, writable: true)]
        locks = [:]
        output = [:]
    }

    /// The lowest free descriptor number, as open(2) gives.
    mutating func install(_ descriptor: Descriptor) -> Int32 {
        var number: Int32 = 0
        while descriptors[number] != nil { number += 1 }
        descriptors[number] = descriptor
        return number
    }

    /// Closes `number`: its locks go, and a file without names goes with its last descriptor.
    mutating func close(_ number: Int32) {
        guard let descriptor = descriptors.removeValue(forKey: number) else { return }
        guard let inode = descriptor.inode else { return }
        if var state = locks[inode] {
            if state.exclusive == number { state.exclusive = nil }
            state.shared.removeAll { $0 == number }
            locks[inode] = state.exclusive == nil && state.shared.isEmpty ? nil : state
        }
    }

    /// The descriptors still open besides the standard three (a leak, after a command returned).
    var leakedDescriptors: [Int32] {
        descriptors.keys.filter { $0 > 2 }.sorted()
    }

    func descriptor(_ number: Int32) throws(Errno) -> Descriptor {
        guard let descriptor = descriptors[number] else { throw .badDescriptor }
        return descriptor
    }

    func inode(of number: Int32) throws(Errno) -> Int {
        guard let inode = try descriptor(number).inode else { throw .invalidArgument }
        return inode
    }
}
