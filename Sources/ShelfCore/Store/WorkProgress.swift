/// Lets a caller watch long work (streaming a stored file out, copying a large file or a tree,
/// removing many files) while the library itself stays silent: the work reports to the observer
/// bound around it, if any. The command line draws its progress line from these reports.
///
/// The observer is a task-local value, so binding it needs no parameter on every API and two
/// tasks watching their own work never see each other's reports.
package enum WorkProgress {
    package enum Event: Sendable, Equatable {
        /// How many bytes (or items) the whole work will take, when that is known up front.
        case total(Int64)
        /// Bytes moved (or items done) since the previous report.
        case advanced(Int64)
    }

    package typealias Observer = @Sendable (Event) -> Void

    @TaskLocal static var observer: Observer?

    /// Runs `body`, telling `observer` how its work advances. Reports arrive on the calling thread.
    package static func observing<T>(_ observer: @escaping Observer, _ body: () throws -> T) rethrows -> T {
        try $observer.withValue(observer, operation: body)
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
