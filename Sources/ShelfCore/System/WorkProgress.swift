import Glibc

/// Lets a caller watch long work (streaming a stored file out, copying a large file or a tree,
/// removing many files) while the library itself stays silent: the work reports to the observer
/// bound around it, if any. The command line draws its progress line from these reports.
///
/// The observer is bound to the calling thread (the work reports on the thread that runs it), so
/// binding it needs no parameter on every API and two threads watching their own work never see
/// each other's reports. A thread-specific value rather than a `@TaskLocal`: that one attribute
/// linked Swift's concurrency runtime and libdispatch into the command line, whose initialisers
/// ran at every start.
package enum WorkProgress {
    package enum Event: Sendable, Equatable {
        /// How many bytes (or items) the whole work will take, when that is known up front.
        case total(Int64)
        /// Bytes moved (or items done) since the previous report.
        case advanced(Int64)
    }

    package typealias Observer = @Sendable (Event) -> Void

    /// The observer bound on this thread, if any.
    static var observer: Observer? {
        guard let raw = pthread_getspecific(observerKey) else { return nil }
        return Unmanaged<ObserverBox>.fromOpaque(raw).takeUnretainedValue().observer
    }

    /// Runs `body`, telling `observer` how its work advances. Reports arrive on the calling thread.
    package static func observing<T>(_ observer: @escaping Observer, _ body: () throws -> T) rethrows -> T {
        let previous = pthread_getspecific(observerKey)
        let box = Unmanaged.passRetained(ObserverBox(observer))
        pthread_setspecific(observerKey, box.toOpaque())
        defer {
            pthread_setspecific(observerKey, previous)
            box.release()
        }
        return try body()
    }

    static func report(_ event: Event) {
        observer?(event)
    }

    /// The most bytes one kernel copy call should move: while someone watches, small enough that
    /// reports come several times a second even on a slow disk.
    static func chunk(_ size: Int) -> Int {
        observer == nil ? size : Swift.min(size, 1 << 24)
    }
}

/// Holds an observer where a thread-specific slot (a raw pointer) can point to it.
private final class ObserverBox {
    let observer: WorkProgress.Observer

    init(_ observer: @escaping WorkProgress.Observer) {
        self.observer = observer
    }
}

/// The thread-specific slot of `WorkProgress.observer`, made once per process.
private let observerKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
