/// One shelf command line and its standard input.
struct Command {
    var arguments: [String]
    var input: [UInt8] = []
    /// The exit status it must end with when nothing crashes.
    var expect: Int32 = 0

    init(_ line: String, input: String = "", expect: Int32 = 0) {
        arguments = line.split(separator: " ").map(String.init)
        self.input = Array(input.utf8)
        self.expect = expect
    }

    var text: String { "shelf " + arguments.joined(separator: " ") }
}

/// How the observations after a crash are judged against what the commands left when nothing
/// crashed (the golden observations before and after each command).
enum Oracle {
    /// Everything observed is one golden state: the last acknowledged one or the next.
    case atomic
    /// Each directory on its own is the old or the new state, but the source must never be gone
    /// while the target is not there yet (a move across file systems may leave both).
    case transfer(source: String, target: String)
    /// Each file on its own is old or new, whole (a command that changes many files one by one:
    /// remove of a folder, clear, sync). Listings may show only names some golden state has.
    case perItem
    /// `perItem`, and the numbered files in `folder` (a path ending in `/`) of `directory` are the
    /// old ones plus the first new ones (in number order) of the command under way, each whole
    /// under its number: an `append --each` to a folder, each element its own atomic append.
    case numberedPrefix(directory: String, folder: String)
}

/// A state made before the recorded steps: a command cut short by a crash, so that the steps
/// start with something to repair.
struct Damage {
    enum Cut {
        /// Crash right after the first write to a stored file (not one of shelf's own files),
        /// losing that file's data blocks but keeping its new length: a torn in-place append.
        case tornData
        /// Crash right before the journal is deleted, everything written so far kept: an append
        /// that finished but whose commit was lost.
        case commitLost
    }

    let command: Command
    let cut: Cut
}

/// One operation to explore: commands that set a state up (made durable, as if the machine then
/// ran for a while), the commands whose every crash point is explored, and how to look.
struct Scenario {
    let name: String
    let summary: String
    var setup: [Command] = []
    var damage: Damage?
    let steps: [Command]
    /// The directories whose contents are observed (each listed recursively, each file retrieved):
    /// those the steps name, in the order they name them.
    let observe: [String]
    var oracle: Oracle
    /// Folders (directory, path ending in `/`) that must be whole whatever the oracle: all their
    /// files as in one golden state (a folder replaced is old or new, never a mix of the two).
    var wholeFolders: [(directory: String, prefix: String)]
    /// Files of which at least one must be there, whatever the oracle: the old and the new name
    /// of a renamed file, which a power cut may leave both, never neither.
    var keepsOneOf: [(directory: String, path: String)]
    /// Run after the observation on a copy of the state, one each: their exit status must be
    /// one of those they give in the allowed golden states.
    let next: [Command]
    /// A known window (docs/reliability.md): what a kill right after the first operation this
    /// matches leaves is allowed too, for the rest of that command. Counted, not failed.
    var window: (note: String, after: (LoggedOperation) -> Bool)?
    /// What the file system of `temporary` lacks, to reach shelf's fallbacks.
    var secondDeviceLacks: Set<Disk.Feature>

    /// The next commands are every kind of command on `probe`, a stored path in the last directory
    /// observed (`append` with `item`, none when nil), then `more`.
    init(name: String, summary: String, setup: [Command] = [], damage: Damage? = nil, steps: [Command],
         oracle: Oracle = .atomic, wholeFolders: [(directory: String, prefix: String)] = [],
         keepsOneOf: [(directory: String, path: String)] = [], probe: String, append item: String? = "{\"next\":true}",
         more: [Command] = [], window: (note: String, after: (LoggedOperation) -> Bool)? = nil,
         secondDeviceLacks: Set<Disk.Feature> = []) {
        (self.name, self.summary, self.setup, self.damage, self.steps) = (name, summary, setup, damage, steps)
        var named: [String] = []
        for word in steps.flatMap(\.arguments) where Machine.namespaces[word] != nil && !named.contains(word) { named.append(word) }
        observe = named
        (self.oracle, self.wholeFolders, self.keepsOneOf, self.window) = (oracle, wholeFolders, keepsOneOf, window)
        next = Scenarios.next(named.last!, probe, append: item) + more
        self.secondDeviceLacks = secondDeviceLacks
    }
}
