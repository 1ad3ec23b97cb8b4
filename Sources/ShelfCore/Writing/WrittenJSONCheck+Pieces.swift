import Glibc

/// How each piece is checked, and the second thread that checks file pieces ahead of their turn.
///
/// The check of a long save is one validator walking the bytes in order, and on token-dense JSON
/// it is slower than the kernel's copy and the `fsync` together. While it checks one piece, the
/// look-ahead thread takes a later one (never the next: that one the check takes next), reads it
/// back and validates it from guessed states (`JSONSpeculation`); the check then takes the states
/// whose guess held instead of walking those bytes again. A guess that did not hold costs the
/// look-ahead's time only: what the check reports, and where, is what it would report alone.
extension WrittenJSONCheck {
    static let smallestMapped = 256 << 10

    /// What the look-ahead thread did with a piece it took.
    enum LookAhead {
        case working
        case done(JSONSpeculation?)
    }

    /// A piece is done with: its buffer free again, its bytes no longer ahead.
    func checked(_ piece: Piece) {
        switch piece {
        case .buffer(let slot, _): free.append(slot)
        case .file(_, let count): ahead -= count
        }
    }

    /// Validates one piece; the error found (a JSON error, or a failed read back), nil for none.
    func check(_ piece: Piece) -> (any Error)? {
        switch piece {
        case .buffer(let slot, let count):
            return caught { () throws(JSONSyntaxError) in
                try validator.consume(UnsafeRawBufferPointer(rebasing: buffers[slot]![..<count]))
            }
        case .file(let offset, let count):
            do {
                let piece = try bytes(at: offset, count: count) {
                    if (readBack?.count ?? 0) < count {
                        // Sized to a small save's one piece, else to a chunk.
                        readBack?.deallocate()
                        readBack = .allocate(byteCount: count < streamBufferSize ? count : streamBufferSize, alignment: 16)
                    }
                    return readBack!
                }
                defer { if piece.mapped { kernel.unmap(piece.bytes) } }
                if let speculation = speculation(at: offset) {
                    try validator.adopt(speculation) { UnsafeRawBufferPointer(rebasing: piece.bytes[$0]) }
                } else {
                    try validator.consume(piece.bytes)
                }
                return nil
            } catch {
                return error
            }
        }
    }

    /// The `count` bytes of the file at `offset`: its cached pages mapped (no copy), or where the
    /// file system cannot map them, read into the buffer `fallback` gives.
    func bytes(at offset: Int64, count: Int,
               else fallback: () -> UnsafeMutableRawBufferPointer) throws -> (bytes: UnsafeRawBufferPointer, mapped: Bool) {
        // The file is unnamed and only this save writes it: fewer bytes than the kernel reported
        // copying would be a broken file system, not a short input (and a page mapped past the
        // end would fault). A small piece is read: a mapping would cost more calls than it saves.
        let short = ShelfError.io(path: file.path, operation: "read back what was copied", errno: Errno.ioError.rawValue)
        if count >= Self.smallestMapped {
            guard try file.status().size >= offset + Int64(count) else { throw short }
            if let mapped = try? kernel.mapForReading(file.raw, at: offset, count: count) { return (mapped, true) }
        }
        let part = UnsafeMutableRawBufferPointer(rebasing: fallback()[..<count])
        guard try file.read(fromAbsoluteOffset: Int(offset), into: part) == count else { throw short }
        return (UnsafeRawBufferPointer(part), false)
    }

    /// What a step of the validator found wrong, nil for nothing.
    func caught(_ step: () throws(JSONSyntaxError) -> Void) -> JSONSyntaxError? {
        do throws(JSONSyntaxError) {
            try step()
            return nil
        } catch {
            return error
        }
    }

    /// The look-ahead's work on the piece at `offset`, waiting while it is under way; nil when it
    /// did not take the piece or found no guess in it.
    func speculation(at offset: Int64) -> JSONSpeculation? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while case .working? = lookedAhead[offset], !stopped { pthread_cond_wait(changed, lock) }
        guard case .done(let speculation)? = lookedAhead.removeValue(forKey: offset) else { return nil }
        return speculation
    }

    /// Starts the look-ahead beside the check's thread; without it the check works alone.
    func startLookAhead() {
        let context = Unmanaged.passRetained(self).toOpaque()
        lookAheadThread = Interruption.startThread({ context in
            Unmanaged<WrittenJSONCheck>.fromOpaque(context!).takeRetainedValue().lookAhead()
            return nil
        }, context)
        if lookAheadThread == nil { Unmanaged<WrittenJSONCheck>.fromOpaque(context).release() }
    }

    /// After the check's thread ended (`done` set, or `stopped`): the look-ahead ends too.
    func joinLookAhead() {
        guard let thread = lookAheadThread else { return }
        pthread_mutex_lock(lock)
        stopped = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        pthread_join(thread, nil)
        lookAheadThread = nil
    }

    /// The look-ahead thread: takes the first file piece after the next that nobody took, until
    /// the check ends.
    private func lookAhead() {
        var buffer: UnsafeMutableRawBufferPointer?
        defer { buffer?.deallocate() }
        pthread_mutex_lock(lock)
        while !stopped && !done {
            var next: (offset: Int64, count: Int)?
            for case .file(let offset, let count) in queue.dropFirst() where lookedAhead[offset] == nil {
                next = (offset, count)
                break
            }
            guard let (offset, count) = next else {
                pthread_cond_wait(changed, lock)
                continue
            }
            lookedAhead[offset] = .working
            pthread_mutex_unlock(lock)
            let piece = try? bytes(at: offset, count: count) {
                if buffer == nil { buffer = .allocate(byteCount: streamBufferSize, alignment: 16) }
                return buffer!
            }
            let speculation = piece.map { JSONSpeculation($0.bytes) }
            if let piece, piece.mapped { kernel.unmap(piece.bytes) }
            pthread_mutex_lock(lock)
            lookedAhead[offset] = .done(speculation)
            pthread_cond_broadcast(changed)
        }
        pthread_mutex_unlock(lock)
    }
}
