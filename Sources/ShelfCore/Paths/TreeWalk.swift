/// One folder of a `TreeWalk`: its entries not yet visited, and whatever its walk keeps with it.
protocol WalkFrame {
    associatedtype Entry
    var entries: ArraySlice<Entry> { get set }
}

/// The depth-first walk every tree operation shares (list, clear, remove, copy, merge): each
/// folder's state is a frame in an array, never a frame on the call stack, and its descriptors are
/// held by a `FolderTrail`, a bounded number whatever the depth (issue 12, item 10). Folders are
/// entered by descriptor, links never followed, and a folder the walk climbs back to must be the
/// very one it entered. What each operation does is in the closures `run` takes.
struct TreeWalk<Frame: WalkFrame> {
    let trail: FolderTrail
    /// The folders being walked, the trail's current one last. When `run` throws: the folder the
    /// walk was in (after a failed climb, the folder above).
    private(set) var frames: [Frame]

    /// - Parameter first: the frame of the trail's current folder, where the walk starts.
    init(_ trail: FolderTrail, first: Frame) {
        self.trail = trail
        frames = [first]
    }

    /// Walks until every frame is left.
    /// - Parameters:
    ///   - visit: does what the walk is for with an entry of the current folder (and its frame);
    ///     returns the name of a sub-folder to walk next, or nil.
    ///   - enter: the frame of a sub-folder just entered (given its descriptor, name and the frame
    ///     above); nil climbs back out of it at once.
    ///   - cannotEnter: entering a name failed: `symbolicLink` or `notAFolder` when it is no longer
    ///     a folder, else why it could not be opened. By default the walk stops with the error.
    ///   - leave: a frame's entries are all visited, the trail still in its folder; with the frame
    ///     above (nil for the first). A frame returned walks the same folder again; nil climbs.
    mutating func run(visit: (Frame.Entry, FileDescriptor, inout Frame) throws -> FileName?,
                      enter: (FileDescriptor, FileName, inout Frame) throws -> Frame?,
                      cannotEnter: (FileName, any Error, FileDescriptor, inout Frame) throws -> Void = { _, error, _, _ in throw error },
                      leave: (Frame, inout Frame?) throws -> Frame? = { _, _ in nil }) throws {
        while !frames.isEmpty {
            let last = frames.count - 1
            guard let entry = frames[last].entries.popFirst() else {
                let done = frames.removeLast()
                var parent = frames.popLast()
                let again = try leave(done, &parent)
                if let parent { frames.append(parent) }
                if let again {
                    frames.append(again)
                } else if trail.depth > 0 {
                    try trail.leave()
                }
                continue
            }
            let folder = try trail.current()
            guard let name = try visit(entry, folder, &frames[last]) else { continue }
            let sub: FileDescriptor?
            do {
                sub = try trail.enter(name)
            } catch {
                try cannotEnter(name, error, folder, &frames[last])
                continue
            }
            guard let sub else { continue }  // gone already
            if let inner = try enter(sub, name, &frames[last]) {
                frames.append(inner)
            } else {
                try trail.leave()
            }
        }
    }
}
