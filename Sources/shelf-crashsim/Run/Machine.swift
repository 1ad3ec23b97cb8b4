import ShelfCLI
import ShelfCore

/// The modelled machine: a home on one file system, `temporary` on a second one, and shelf
/// commands run in-process on it through the installed `ModelKernel`.
struct Machine {
    static let environment = [
        "HOME": "/home/u",
        "XDG_DOCUMENTS_DIR": "/home/u/Documents",
        "XDG_RUNTIME_DIR": "/run/user/1000",
        "XDG_CONFIG_HOME": "/home/u/.config",
        "TERM": "dumb",
    ]
    /// A file outside the namespaces, for `--file`.
    static let inputFile = "/home/u/input.txt"

    let kernel: ModelKernel

    /// Installs the model for the whole process: from here on no real file is touched.
    static func install() -> Machine {
        let kernel = ModelKernel(world: World(disk: Disk(), now: FileTime(seconds: 0, nanoseconds: 0), owner: 0))
        SystemLayer.install(kernel)
        return Machine(kernel: kernel)
    }

    /// `/home/u` with an input file, `/run/user/1000` the root of the second file system.
    static func freshDisk(secondDeviceLacks: Set<Disk.Feature> = []) -> Disk {
        let owner = ProcessState.userID
        let time = FileTime(seconds: ProcessState.now() - 3600, nanoseconds: 0)
        var disk = Disk()
        var root = Inode(kind: .folder, device: 1, mode: 0o755, owner: owner, time: time)
        root.parent = Disk.root
        disk.inodes[Disk.root] = root
        func folder(_ name: String, in parent: Int, device: Int = 1, mode: UInt32 = 0o755) -> Int {
            var node = Inode(kind: .folder, device: device, mode: mode, owner: owner, time: time)
            node.parent = parent
            let inode = disk.allocate(node)
            disk[parent].setEntry(Array(name.utf8), to: inode)
            return inode
        }
        let home = folder("u", in: folder("home", in: Disk.root), mode: 0o700)
        var input = Inode(kind: .file, device: 1, mode: 0o644, owner: owner, time: time)
        input.data = Array(String(repeating: "input line of a file given with --file\n", count: 150).utf8)
        disk[home].setEntry(Array("input.txt".utf8), to: disk.allocate(input))
        let mountPoint = folder("1000", in: folder("user", in: folder("run", in: Disk.root)), mode: 0o700)
        let otherRoot = disk.allocate(Inode(kind: .folder, device: 2, mode: 0o700, owner: owner, time: time))
        disk.mounts[mountPoint] = otherRoot
        disk.secondDeviceLacks = secondDeviceLacks
        disk.recount()
        return disk
    }

    /// What one command left: its status, its output, and what the model holds against it.
    struct Outcome {
        let status: Int32
        let stdout: [UInt8]
        let stderr: [UInt8]
        /// Descriptors left open when it returned, or a lock it would have waited on forever.
        let problem: String?
    }

    /// Runs `command` as a new process on the current world (`time`: the stamp of its changes).
    func run(_ command: Command, time: Int64) -> Outcome {
        if ["!chmod", "!expire"].contains(command.arguments.first) { return edit(command.arguments) }
        if command.arguments.first?.hasPrefix("!program-") == true { return runProgramWrite(command, time: time) }
        kernel.world.startProcess(input: command.input)
        kernel.world.now = FileTime(seconds: time, nanoseconds: 0)
        kernel.world.fault = nil
        let status = CLI.run(arguments: command.arguments, environment: Machine.environment)
        return exit(status)
    }

    /// The end of a command's process: what it left, then its descriptors closed.
    func exit(_ status: Int32) -> Outcome {
        var problem = kernel.world.fault
        let leaked = kernel.world.leakedDescriptors
        if !leaked.isEmpty && problem == nil { problem = "descriptors left open: \(leaked)" }
        // The process exits: its descriptors close and their locks go.
        for number in kernel.world.descriptors.keys.sorted() { kernel.world.close(number) }
        return Outcome(status: status, stdout: kernel.world.output[1] ?? [], stderr: kernel.world.output[2] ?? [], problem: problem)
    }

    /// `!chmod <directory> <path> <octal mode>`, and `!expire <directory> <path>` (an expiry time
    /// long past, which the command line refuses): set-up steps shelf has no command for, made on
    /// the model directly (not recorded).
    private func edit(_ arguments: [String]) -> Outcome {
        let chmod = arguments[0] == "!chmod", mode = arguments.count == 4 ? UInt32(arguments[3], radix: 8) : nil
        guard arguments.count == (chmod ? 4 : 3), !chmod || mode != nil, let folder = Machine.namespaces[arguments[1]],
              let inode = try? kernel.world.existing(Array((folder + "/" + arguments[2]).utf8), in: nil, followFinal: false).1 else {
            return Outcome(status: 64, stdout: [], stderr: Array("bad \(arguments[0])".utf8), problem: nil)
        }
        if let mode {
            kernel.world.disk[inode].mode = mode
        } else {
            kernel.world.disk[inode].setAttribute(Array("user.shelf.expires".utf8), to: Array("978307200".utf8))
        }
        return Outcome(status: 0, stdout: [], stderr: [], problem: nil)
    }

    /// A new process world on `disk`, nothing open, nothing recorded.
    func boot(_ disk: Disk) {
        kernel.world = World(disk: disk, now: kernel.world.now, owner: ProcessState.userID)
    }
}
