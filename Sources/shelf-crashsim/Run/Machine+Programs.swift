import ShelfCore

/// `update` runs a program, and the simulator cannot: a child process would see none of the
/// modelled file system. So its engine path runs here with the program modelled by the bytes it
/// prints (the command's input) and, with `fail`, by a failure at their end, as a program exiting
/// non-zero: everything shelf itself does to files is the real code. (`save --from-command` hands
/// the program's output to the same `Store.save(from:)` as a save from standard input: the save
/// scenarios.)
///
///     !program-update <directory> <path> [create] [fail]   the engine's update (create: from "{}")
extension Machine {
    func runProgramWrite(_ command: Command, time: Int64) -> Outcome {
        kernel.world.startProcess(input: command.input)
        kernel.world.now = FileTime(seconds: time, nanoseconds: 0)
        kernel.world.fault = nil
        let words = command.arguments
        guard words.count >= 3, let directory = Directory(parsing: words[1]), let path = try? SafePath(words[2]) else {
            return exit(64)
        }
        var output = ModelledProgram(fails: words.contains("fail"))
        do {
            let store = try Store(app: nil, environment: Environment(variables: Machine.environment))
            let options = UpdateOptions(create: words.contains("create") ? Array("{}".utf8) : nil)
            _ = try store.update(path, in: directory, options: options) {
                (current: FileDescriptor, _: FileDescriptor, replaceWith: (inout ModelledProgram) throws -> Void) in
                _ = try Store.readAll(current)  // the program reads its input, then prints
                try replaceWith(&output)
            }
            return exit(0)
        } catch is CommandFailed {
            return exit(1)
        } catch {
            return exit(74)
        }
    }
}

/// A program's standard output: the process's standard input (the command's input), ending in
/// `CommandFailed` when the program is to fail.
struct ModelledProgram: ByteSource {
    var input = DescriptorSource(descriptor: 0, name: "<program>")
    let fails: Bool

    init(fails: Bool) {
        self.fails = fails
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = try input.read(into: buffer)
        if n == 0 && fails { throw CommandFailed(command: "program", termination: .exited(1)) }
        return n
    }
}
