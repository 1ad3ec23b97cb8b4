import Glibc
import Synchronization

/// The lock snapshot (`HeldLocks`) read on a thread of its own while a clear begins removing.
/// Reading `/proc/locks` makes the kernel wait for an RCU grace period before it lists anything
/// (it takes the file-lock semaphore for writing): 6 to 20 ms with the process asleep, a third of
/// what `rm -rf` takes for 10,000 files. Until the snapshot arrives, the clear tries each file's
/// lock itself (`ClearWalk.LockCheck.eachFile`), which is always right; after, it asks the
/// snapshot. A snapshot taken once the clear has started is as good as one taken before: what
/// matters (see `HeldLocks`) is only that it was taken before the removals that rely on it.
final class BackgroundHeldLocks: Sendable {
    /// nil while reading; then the snapshot, or `.some(nil)` where none could be read.
    private let result = Mutex<HeldLocks??>(nil)
    private let path: String

    private init(path: String) {
        self.path = path
    }

    /// Starts reading `path`; where no thread can be started, reads it now. So does a kernel
    /// stand-in (the simulator's, a test's): those serve one thread only.
    static func start(from path: String = "/proc/locks") -> BackgroundHeldLocks {
        let reader = BackgroundHeldLocks(path: path)
        guard kernel is LinuxKernel else {
            reader.read()
            return reader
        }
        let context = Unmanaged.passRetained(reader).toOpaque()
        let started = Interruption.startThread({ context in
            Unmanaged<BackgroundHeldLocks>.fromOpaque(context!).takeRetainedValue().read()
            return nil
        }, context)
        if let started {
            // Nobody waits for it: a clear that ends first simply never asks.
            pthread_detach(started)
        } else {
            Unmanaged<BackgroundHeldLocks>.fromOpaque(context).release()
            reader.read()
        }
        return reader
    }

    /// A reader that reads nothing: its caller delivers the snapshot (`deliver`) when it likes.
    static func pending() -> BackgroundHeldLocks {
        BackgroundHeldLocks(path: "")
    }

    private func read() {
        deliver(HeldLocks.snapshot(from: path))
    }

    /// Hands over the snapshot read (nil: none could be), once.
    func deliver(_ locks: HeldLocks?) {
        result.withLock { $0 = .some(locks) }
    }

    /// The snapshot once read: `.some(nil)` when it could not be (no procfs), nil while reading.
    /// Never waits (the lock is only ever held for a copy).
    func ifRead() -> HeldLocks?? {
        result.withLock { $0 }
    }
}
