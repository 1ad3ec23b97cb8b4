import Glibc

/// Validates the JSON of a save on a second thread while the save goes on reading and writing:
/// the save fills a buffer, writes it and hands it over; the check validates it and gives it
/// back. Four buffers go round, so memory stays bounded whichever side is slower. The save
/// installs nothing until `finish` says yes (the temp file has no name before that).
///
/// The first buffer is checked only when a second one comes or the input ends: a save of one
/// buffer or less starts no thread.
final class WrittenJSONCheck: @unchecked Sendable {
    private static let slots = 4
    /// Each slot's buffer, allocated when the slot is first filled: each is a mapping of its own
    /// (`mmap`, `munmap`), and a small save fills one (`Store.copy` fills a buffer before the next).
    /// Written by the save's thread before it hands the slot over (under `lock`, so the check's
    /// thread sees it).
    private let buffers = UnsafeMutablePointer<UnsafeMutableRawBufferPointer?>.allocate(capacity: WrittenJSONCheck.slots)
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: pthread_t?
    /// The slot the save is filling.
    private var current = 0
    // Guarded by `lock`.
    private var free = Array(0..<WrittenJSONCheck.slots)
    private var queue: [(slot: Int, count: Int)] = []
    private var ended = false
    private var stopped = false
    private var done = false
    private var failure: JSONSyntaxError?
    /// Touched by one thread at a time: the check's thread, or the save's before it starts.
    private var validator = JSONValidator()

    init() {
        buffers.initialize(repeating: nil, count: Self.slots)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        stop()
        for slot in 0..<Self.slots { buffers[slot]?.deallocate() }
        buffers.deallocate()
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        changed.deallocate()
    }

    /// A buffer to fill and write; waits while all are being checked. Throws the JSON error as
    /// soon as the check has found one, so that a long invalid input stops early.
    func nextBuffer() throws(JSONSyntaxError) -> UnsafeMutableRawBufferPointer {
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
        pthread_mutex_lock(lock)
        queue.append((current, count))
        let waiting = queue.count
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        guard thread == nil && waiting > 1 else { return }
        start()
        if thread == nil { checkQueueInLine() }
    }

    /// The whole input is written: syncs `file` while the check catches up (the save would sync
    /// it next anyway), then returns once every byte is checked, or throws the first error.
    func finish(syncing file: FileDescriptor) throws {
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
        if let failure { throw failure }
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
        } else {
            // No thread: the save checks each buffer itself.
            Unmanaged<WrittenJSONCheck>.fromOpaque(context).release()
        }
    }

    /// The thread: checks each buffer handed over, in order, until the end, an error or a stop.
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
            let (slot, count) = queue.removeFirst()
            pthread_mutex_unlock(lock)
            let failure = check(slot, count)
            pthread_mutex_lock(lock)
            free.append(slot)
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
            let (slot, count) = queue.removeFirst()
            failure = check(slot, count)
            free.append(slot)
        }
    }

    private func check(_ slot: Int, _ count: Int) -> JSONSyntaxError? {
        caught { () throws(JSONSyntaxError) in try validator.consume(UnsafeRawBufferPointer(rebasing: buffers[slot]![..<count])) }
    }

    /// What a step of the validator found wrong, nil for nothing.
    private func caught(_ step: () throws(JSONSyntaxError) -> Void) -> JSONSyntaxError? {
        do throws(JSONSyntaxError) {
            try step()
            return nil
        } catch {
            return error
        }
    }
}
