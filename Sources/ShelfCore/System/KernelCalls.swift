import CShelfLinux
import Glibc

/// Linux calls that glibc declares only under `_GNU_SOURCE`, which Swift's Glibc module does not
/// define: `renameat2`, `copy_file_range` and the `f*xattr` family. They come from the small C
/// target `CShelfLinux`: the first two as raw system calls, so a kernel that lacks one answers
/// ENOSYS whatever the C library's age, and every caller keeps a portable fallback. (Looking the
/// symbols up at run time with `dlsym` finds nothing in the fully static release binary.)
enum KernelCalls {
    /// `renameat2` flags from <linux/fs.h>.
    static let renameNoReplace: UInt32 = 1
    static let renameExchange: UInt32 = 2

    /// What a wrapper answers for a call that cannot be made: -1 with errno ENOSYS.
    static func unavailable() -> Int32 {
        errno = ENOSYS
        return -1
    }

    /// `renameat2(2)`; -1 with errno ENOSYS when unavailable.
    static func renameat2(_ fromFolder: Int32, _ from: String, _ toFolder: Int32, _ to: String, flags: UInt32) -> Int32 {
        retryingEINTR { shelf_renameat2(fromFolder, from, toFolder, to, flags) }
    }

    /// `copy_file_range(2)` from the current offsets; -1 with errno ENOSYS when unavailable.
    static func copyFileRange(from input: Int32, to output: Int32, count: Int) -> Int {
        retryingEINTR { shelf_copy_file_range(input, nil, output, nil, count, 0) }
    }

    /// `copy_file_range(2)` between explicit offsets, which it advances; the descriptors' own
    /// offsets are untouched. -1 with errno ENOSYS when unavailable.
    static func copyFileRange(from input: Int32, at inputOffset: inout Int64, to output: Int32, at outputOffset: inout Int64,
                              count: Int) -> Int {
        retryingEINTR { shelf_copy_file_range(input, &inputOffset, output, &outputOffset, count, 0) }
    }

    /// The extended attribute names of an open file, or nil when the file system has none to give.
    static func xattrNames(_ fd: Int32) -> [String]? {
        while true {
            let size = shelf_flistxattr(fd, nil, 0)
            if size <= 0 { return size == 0 ? [] : nil }
            var buffer = [CChar](repeating: 0, count: size)
            let n = shelf_flistxattr(fd, &buffer, size)
            if n < 0 && errno == ERANGE { continue }  // grew meanwhile
            if n < 0 { return nil }
            return buffer[..<n].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
    }

    /// One attribute's value; nil when it vanished or cannot be read, with errno set (ENODATA when
    /// absent, ENOTSUP when the file system or the C library has no extended attributes).
    static func xattr(_ fd: Int32, _ name: String) -> [UInt8]? {
        while true {
            let size = shelf_fgetxattr(fd, name, nil, 0)
            if size < 0 { return nil }
            var value = [UInt8](repeating: 0, count: size)
            let n = value.withUnsafeMutableBytes { shelf_fgetxattr(fd, name, $0.baseAddress, size) }
            if n < 0 && errno == ERANGE { continue }
            if n < 0 { return nil }
            return Array(value[..<n])
        }
    }

    /// Sets one attribute; false with errno set on failure.
    static func setXattr(_ fd: Int32, _ name: String, _ value: [UInt8]) -> Bool {
        value.withUnsafeBytes { shelf_fsetxattr(fd, name, $0.baseAddress, $0.count, 0) } == 0
    }

    /// Removes one attribute; false with errno set on failure (ENODATA when it was not there).
    static func removeXattr(_ fd: Int32, _ name: String) -> Bool {
        shelf_fremovexattr(fd, name) == 0
    }
}
