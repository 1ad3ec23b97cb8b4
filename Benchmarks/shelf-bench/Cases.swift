/// The sizes and repetition counts: the sizes for a full run, smaller ones for `--quick`
/// (a run of about two minutes that still exercises every case).
struct Scale {
    let quick: Bool

    /// The big-file cases: 1 GiB, or 128 MiB quick.
    var bigFile: Int { quick ? 128 << 20 : 1 << 30 }
    /// The big JSON cases: 100 MB, or 10 MB quick.
    var bigJSON: Int { quick ? 10_000_000 : 100_000_000 }
    /// The folder cases: 100,000 files, or 10,000 quick.
    var files: Int { quick ? 10_000 : 100_000 }
    /// The concurrent appends: 8 writers × this many.
    var appendsPerWriter: Int { quick ? 100 : 1_000 }

    /// Repetitions by how long one run takes.
    var startUp: Int { quick ? 50 : 200 }
    var small: Int { quick ? 20 : 40 }
    var medium: Int { quick ? 5 : 7 }
    var large: Int { quick ? 5 : 3 }
    /// The durable gigabyte saves: the shared disk's speed varies most, so they get more pairs.
    var durable: Int { quick ? 5 : 5 }
    /// Cases whose every run costs seconds at full size (jq on 100 MB, re-creating 100,000 files).
    var slow: Int { quick ? 5 : 3 }

    static func bytes(_ count: Int) -> String {
        if count >= 1 << 30 && count % (1 << 30) == 0 { return "\(count >> 30) GiB" }
        if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1_000_000 { return "\(count / 1_000_000) MB" }
        return "\(count / 1000) KB"
    }

    static func count(_ value: Int) -> String {
        var text = String(value), out = ""
        while text.count > 3 {
            out = "," + text.suffix(3) + out
            text = String(text.dropLast(3))
        }
        return text + out
    }
}

/// Every case, in the order of the table.
enum Cases {
    static func all(_ w: Workspace) -> [Benchmark] {
        let scale = Scale(quick: w.quick)
        return startUp(w, scale) + bigFiles(w, scale) + json(w, scale) + validator(w, scale) + validatedSave(w, scale)
            + appends(w, scale) + concurrentAppends(w, scale) + folders(w, scale) + streaming(w, scale) + library(w, scale)
            + coder(w, scale)
    }

    /// A side's preparation: `path` removed (if there) and the removal committed, so that each run
    /// writes a new file and neither side pays for freeing (and discarding) the previous run's.
    static func fresh(_ path: String) -> (Int) throws -> Void { { _ in try DataFiles.removeDurably(path) } }

    /// A side's preparation: `path` written with `bytes` bytes and committed, so that each run
    /// replaces a file of that size and both sides also free the old file's blocks (cat when the
    /// shell truncates it, shelf when the replaced file goes).
    static func existing(_ path: String, bytes: Int) -> (Int) throws -> Void {
        { _ in try DataFiles.writeBytesDurably(path, bytes: bytes) }
    }

    /// A shelf command line.
    static func shelf(_ w: Workspace, _ arguments: String..., input: Command.Input = .none,
                      output: Command.Output = .discard) -> Command {
        Command(arguments: [w.shelf] + arguments, input: input, output: output)
    }

    /// A `sh -c SCRIPT sh ARGS…` command line: the baselines that need a shell (`>>`, `|`, `&&`).
    static func shell(_ w: Workspace, _ script: String, _ arguments: String..., input: Command.Input = .none,
                      output: Command.Output = .discard) -> Command {
        Command(arguments: [w.program("sh"), "-c", script, "sh"] + arguments, input: input, output: output)
    }
}
