import Glibc

/// What the engine asks of its own process that is not a file: who runs it, its environment, the
/// time, and (for crash tests) a way to die. Kept here with the file calls, so that the rest of the
/// engine needs no C library at all.
package enum ProcessState {
    /// The real user ID, asked once: shelf never changes it, and a command asks in several places
    /// (the namespace's name, the guard's owner checks).
    package static let userID: UInt32 = getuid()

    /// The bytes of physical memory: no file larger than this can be read whole into memory.
    static var physicalMemory: Int64 {
        let (bytes, overflow) = Int64(sysconf(Int32(_SC_PHYS_PAGES))).multipliedReportingOverflow(by: Int64(sysconf(Int32(_SC_PAGESIZE))))
        return overflow || bytes <= 0 ? .max : bytes
    }

    /// The effective user ID, which the kernel checks permissions against.
    static var effectiveUserID: UInt32 { geteuid() }

    /// Raises the soft limit of open descriptors to the hard one, for work that must hold one
    /// descriptor per folder of a tree (a move across file systems locks each); where it cannot be
    /// raised, running out later fails that work before it changes anything.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Seconds since 1970 UTC, now.
    package static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec)
    }

    /// Nanoseconds of a clock that never jumps, for measuring intervals.
    package static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// Calls `body` with each `NAME=value` of the environment as bytes, exactly as the process
    /// received them (valid for the call only).
    static func forEachEnvironmentEntry(_ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void) {
        var pointer = environ
        while let entry = pointer.pointee {
            // Split at the first `=` byte: searching text Character by Character (grapheme
            // breaking) cost more than all the rest of `shelf exists`.
            if let eq = strchr(entry, Int32(UInt8(ascii: "="))) {
                body(UnsafeRawBufferPointer(start: entry, count: eq - entry), UnsafeRawBufferPointer(start: eq + 1, count: strlen(eq + 1)))
            }
            pointer += 1
        }
    }

    /// Every value the environment gives `name`, in order, as bytes exactly as received (a name
    /// may be set more than once). Each entry is compared by its first bytes only: splitting every
    /// entry at its `=` took a tenth of a short command's instructions, as a command looks up a
    /// dozen variables.
    static func environmentValues(_ name: String) -> [[UInt8]] {
        var found: [[UInt8]] = []
        name.withCString { wanted in
            let count = strlen(wanted)
            let first = wanted.pointee
            var pointer = environ
            while let entry = pointer.pointee {
                if entry.pointee == first, strncmp(entry, wanted, count) == 0, entry[count] == CChar(UInt8(ascii: "=")) {
                    let value = entry + count + 1
                    found.append(Array(UnsafeRawBufferPointer(start: value, count: strlen(value))))
                }
                pointer += 1
            }
        }
        return found
    }

    /// Ends the process at once with SIGKILL, exactly as a `kill -9` landing here would.
    static func killNow() -> Never {
        kill(getpid(), SIGKILL)
        fatalError("SIGKILL did not end the process")
    }
}
