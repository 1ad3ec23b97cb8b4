import Glibc

/// Validates the JSON of a save on a second thread while the save goes on reading and writing.
/// Two ways in, which a save may mix (in order): the save fills a buffer, writes it and hands it
/// over (`nextBuffer`, `written`), and the check validates it and gives it back, four buffers
/// going round; or the kernel copied the bytes into the file (`copied`: `copy_file_range`,
/// `splice`, no copy through the save's memory) and the check maps them back from the file
/// itself, at most `aheadLimit` bytes behind the copy. Either way memory stays bounded whichever
/// side is slower, what is checked is what the file holds, and a long invalid input stops early.
/// The save installs nothing until `finish` says yes (the temp file has no name before that).
///
/// The first piece is checked only when a second one comes or the input ends: a save of one
/// buffer or less starts no thread.
package final class WrittenJSONCheck: @unchecked Sendable {
    private static let slots = 4
    /// How far the kernel's copy may run ahead of the check: far enough that the copy, and the
    /// disk's writeback it starts (`EarlyWriteback`), run at their own pace beside the check,
    /// short enough that an invalid input stops after a bounded waste of disk.
    package static let aheadLimit = 16 << 20
    /// Each slot's buffer, allocated when the slot is first filled: each is a mapping of its own
    /// (`mmap`, `munmap`), and a small save fills one (`Store.copy` fills a buffer before the next).
    /// Written by the save's thread before it hands the slot over (under `lock`, so the check's
    /// thread sees it).
    let buffers = UnsafeMutablePointer<UnsafeMutableRawBufferPointer?>.allocate(capacity: WrittenJSONCheck.slots)
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: pthread_t?
    /// The file written, which pieces the kernel copied are read back from.
    let file: FileDescriptor
    /// Where the next piece starts in the file (the save's thread only).
    private var end: Int64 = 0
    /// The slot the save is filling.
    private var current = 0
    /// A piece to check: a buffer's first `count` bytes, or `count` bytes of the file at `offset`.
    enum Piece {
        case buffer(slot: Int, count: Int)
        case file(offset: Int64, count: Int)
    }
    // Guarded by `lock`.
    var free = Array(0..<WrittenJSONCheck.slots)
    var queue: [Piece] = []
    /// Bytes the kernel copied that are not checked yet.
    var ahead = 0
    /// The check's thread is on a piece it took from the queue.
    var checking = false
    private var ended = false
    var stopped = false
    var done = false
    /// The JSON error found, or the error that stopped a piece from being read back.
    private var failure: (any Error)?
    /// Touched by one thread at a time: the check's thread, or the save's before it starts.
    var validator = JSONValidator()
    /// What file pieces (at most `streamBufferSize` each) are read back into where the file
    /// system cannot map them; made on first use, by whichever thread checks.
    var readBack: UnsafeMutableRawBufferPointer?
    /// The thread that checks file pieces ahead of their turn (`lookAhead(_:)`), and what it did
    /// with each piece it took, by the piece's offset (guarded by `lock`).
    var lookAheadThread: pthread_t?
    var lookedAhead: [Int64: LookAhead] = [:]

    /// - Parameter file: the file the save writes (open for reading too).
    init(writing file: FileDescriptor) {
        self.file = file
        buffers.initialize(repeating: nil, count: Self.slots)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        stop()
        for slot in 0..<Self.slots { buffers[slot]?.deallocate() }
        buffers.deallocate()
        readBack?.deallocate()
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        changed.deallocate()
    }

    /// A buffer to fill and write; waits while all are being checked. Throws the JSON error as
    /// soon as the check has found one, so that a long invalid input stops early.
    func nextBuffer() throws -> UnsafeMutableRawBufferPointer {
        pthread_mutex_lock(lock)
        while free.isEmpty && failure == nil { pthread_cond_wait(changed, lock) }
        let failure = self.failure
        if failure == nil { current = free.removeLast() }
        pthread_mutex_unlock(lock)
        if let failure { throw failure }
        if let buffer = buffers[current] { return buffer }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: streamBufferSize, alignment: 16)
        buffers[current] = buffer
        return buffer
    }

    /// The first `count` bytes of the last buffer are written: check them.
    func written(_ count: Int) {
        end += Int64(count)
        hand(.buffer(slot: current, count: count))
    }

    /// The kernel put `count` more bytes in the file: check them by reading them back. Waits
    /// while the check is `aheadLimit` behind; throws what the check found, as `nextBuffer` does.
    func copied(_ count: Int) throws {
        hand(.file(offset: end, count: count))
        end += Int64(count)
        pthread_mutex_lock(lock)
        while thread != nil && ahead > Self.aheadLimit && failure == nil && !done { pthread_cond_wait(changed, lock) }
        let failure = self.failure
        pthread_mutex_unlock(lock)
        if let failure { throw failure }
    }

    private func hand(_ piece: Piece) {
        pthread_mutex_lock(lock)
        queue.append(piece)
        if case .file(_, let count) = piece { ahead += count }
        let waiting = queue.count
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        guard thread == nil && waiting > 1 else { return }
        start()
        if thread == nil { checkQueueInLine() }
    }

    /// The whole input is written: syncs `file` while the check catches up (the save would sync
    /// it next anyway), then returns once every byte is checked, or throws the first error.
    func finish() throws {
        guard let thread else {
            checkQueueInLine()
            if let failure { throw failure }
            try validator.finish()
            return
        }
        pthread_mutex_lock(lock)
        ended = true
        let behind = !done
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        if behind { try file.sync() }
        pthread_join(thread, nil)
        self.thread = nil
        joinLookAhead()
        if let failure { throw failure }
    }

    /// The JSON error in what was handed over so far, once all of it is checked: the save failed
    /// for another reason (a full disk, a file size limit) and an invalid input must say so first,
    /// whichever of the two the copy met first (it runs ahead of the check).
    func errorInWhatWasWritten() -> JSONSyntaxError? {
        guard thread != nil else {
            checkQueueInLine()
            return failure as? JSONSyntaxError
        }
        pthread_mutex_lock(lock)
        while failure == nil && !done && (checking || !queue.isEmpty) { pthread_cond_wait(changed, lock) }
        let failure = self.failure
        pthread_mutex_unlock(lock)
        return failure as? JSONSyntaxError
    }

    /// Stops the thread without waiting for its verdict (the save failed for another reason).
    func stop() {
        guard let thread else { return }
        pthread_mutex_lock(lock)
        stopped = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        pthread_join(thread, nil)
        self.thread = nil
        joinLookAhead()
    }

    /// The thread never receives the terminating signals (`Interruption`): they go to the save's
    /// thread, whose blocking read they must interrupt.
    private func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        let id = Interruption.startThread({ context in
            Unmanaged<WrittenJSONCheck>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        if let id {
            thread = id
            startLookAhead()
        } else {
            // No thread: the save checks each buffer itself.
            Unmanaged<WrittenJSONCheck>.fromOpaque(context).release()
        }
    }

    /// The thread: checks each piece handed over, in order, until the end, an error or a stop.
    private func run() {
        pthread_mutex_lock(lock)
        while !stopped {
            if queue.isEmpty {
                if ended {
                    pthread_mutex_unlock(lock)
                    let failure = caught { () throws(JSONSyntaxError) in try validator.finish() }
                    pthread_mutex_lock(lock)
                    self.failure = failure
                    break
                }
                pthread_cond_wait(changed, lock)
                continue
            }
            let piece = queue.removeFirst()
            checking = true
            pthread_mutex_unlock(lock)
            let failure = check(piece)
            pthread_mutex_lock(lock)
            checking = false
            checked(piece)
            pthread_cond_broadcast(changed)
            if let failure {
                self.failure = failure
                break
            }
        }
        done = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// Without a thread (none could start, or none was needed): the save checks what is queued.
    private func checkQueueInLine() {
        while failure == nil, !queue.isEmpty {
            let piece = queue.removeFirst()
            failure = check(piece)
            checked(piece)
        }
    }
}
