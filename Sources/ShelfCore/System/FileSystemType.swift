import Synchronization

/// The file system an open descriptor lives on, asked of the kernel (`fstatfs`) at most once per
/// descriptor: a descriptor never moves to another file system, and one `save` asked it four
/// times for its folder (temporary file, link, install, replace gate), an `append` three.
/// Shared by every copy of a `FileDescriptor`, so the answer travels with the folder a command
/// carries from step to step. A descriptor wrapped anew (`FileDescriptor(raw:path:)`) asks again.
final class FileSystemType: Sendable {
    /// `unknown` until asked; `unanswered` when the kernel would not say (that too is kept).
    private let answer = Atomic<UInt64>(FileSystemType.unknown)
    /// `f_type` values are 32 bits wide on Linux, so these two never collide with one.
    private static let unknown = UInt64.max
    private static let unanswered = UInt64.max - 1

    /// The `f_type` of `descriptor` (the one this memo belongs to); nil when the kernel will not say.
    func of(_ descriptor: Int32) -> UInt64? {
        var type = answer.load(ordering: .relaxed)
        if type == FileSystemType.unknown {
            type = (try? kernel.fileSystemType(descriptor)) ?? FileSystemType.unanswered
            answer.store(type, ordering: .relaxed)
        }
        return type == FileSystemType.unanswered ? nil : type
    }
}

extension FileDescriptor {
    /// `fstatfs`'s `f_type` (`<linux/magic.h>`), asked once for this descriptor; nil when the
    /// kernel will not say.
    var fileSystemType: UInt64? { fileSystem.of(raw) }
}
