import Glibc

/// Linux calls that glibc declares only under `_GNU_SOURCE`, which Swift's Glibc module does not
/// define: `renameat2`, `copy_file_range` and the `f*xattr` family. They are looked up once by
/// name in the C library already loaded; a missing symbol (an old glibc) behaves like a kernel
/// that lacks the call (ENOSYS), so every caller keeps a portable fallback.
enum KernelCalls {
    /// `renameat2` flags from <linux/fs.h>.
    static let renameNoReplace: UInt32 = 1
    static let renameExchange: UInt32 = 2

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    private typealias CopyFileRange = @convention(c) (Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32) -> Int
    private typealias ListXattr = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias GetXattr = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int
    private typealias SetXattr = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32) -> Int32
    private typealias RemoveXattr = @convention(c) (Int32, UnsafePointer<CChar>?) -> Int32

    private static func symbol<F>(_ name: String, as type: F.Type) -> F? {
        // A nil handle is RTLD_DEFAULT: search the objects already loaded, libc among them.
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    private static let renameAt2Function = symbol("renameat2", as: RenameAt2.self)
    private static let copyFileRangeFunction = symbol("copy_file_range", as: CopyFileRange.self)
    private static let listXattrFunction = symbol("flistxattr", as: ListXattr.self)
    private static let getXattrFunction = symbol("fgetxattr", as: GetXattr.self)
    private static let setXattrFunction = symbol("fsetxattr", as: SetXattr.self)
    private static let removeXattrFunction = symbol("fremovexattr", as: RemoveXattr.self)

    /// What every wrapper returns when its symbol is missing: -1 with errno ENOSYS.
    static func unavailable() -> Int32 {
        errno = ENOSYS
        return -1
    }

    /// `renameat2(2)`; -1 with errno ENOSYS when unavailable.
    static func renameat2(_ fromFolder: Int32, _ from: String, _ toFolder: Int32, _ to: String, flags: UInt32) -> Int32 {
        guard let call = renameAt2Function else { return unavailable() }
        return retryingEINTR { call(fromFolder, from, toFolder, to, flags) }
    }

    /// `copy_file_range(2)` from the current offsets; -1 with errno ENOSYS when unavailable.
    static func copyFileRange(from input: Int32, to output: Int32, count: Int) -> Int {
        guard let call = copyFileRangeFunction else { errno = ENOSYS; return -1 }
        return retryingEINTR { call(input, nil, output, nil, count, 0) }
    }

    /// `copy_file_range(2)` between explicit offsets, which it advances; the descriptors' own
    /// offsets are untouched. -1 with errno ENOSYS when unavailable.
    static func copyFileRange(from input: Int32, at inputOffset: inout Int64, to output: Int32, at outputOffset: inout Int64,
                              count: Int) -> Int {
        guard let call = copyFileRangeFunction else { errno = ENOSYS; return -1 }
        return retryingEINTR { call(input, &inputOffset, output, &outputOffset, count, 0) }
    }

    /// The extended attribute names of an open file, or nil when the file system has none to give.
    static func xattrNames(_ fd: Int32) -> [String]? {
        guard let call = listXattrFunction else { return nil }
        while true {
            let size = call(fd, nil, 0)
            if size <= 0 { return size == 0 ? [] : nil }
            var buffer = [CChar](repeating: 0, count: size)
            let n = call(fd, &buffer, size)
            if n < 0 && errno == ERANGE { continue }  // grew meanwhile
            if n < 0 { return nil }
            return buffer[..<n].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
    }

    /// One attribute's value; nil when it vanished or cannot be read, with errno set (ENODATA when
    /// absent, ENOTSUP when the file system or the C library has no extended attributes).
    static func xattr(_ fd: Int32, _ name: String) -> [UInt8]? {
        guard let call = getXattrFunction else { errno = ENOTSUP; return nil }
        while true {
            let size = call(fd, name, nil, 0)
            if size < 0 { return nil }
            var value = [UInt8](repeating: 0, count: size)
            let n = value.withUnsafeMutableBytes { call(fd, name, $0.baseAddress, size) }
            if n < 0 && errno == ERANGE { continue }
            if n < 0 { return nil }
            return Array(value[..<n])
        }
    }

    /// Sets one attribute; false with errno set on failure.
    static func setXattr(_ fd: Int32, _ name: String, _ value: [UInt8]) -> Bool {
        guard let call = setXattrFunction else { errno = ENOTSUP; return false }
        return value.withUnsafeBytes { call(fd, name, $0.baseAddress, $0.count, 0) } == 0
    }

    /// Removes one attribute; false with errno set on failure (ENODATA when it was not there).
    static func removeXattr(_ fd: Int32, _ name: String) -> Bool {
        guard let call = removeXattrFunction else { errno = ENOTSUP; return false }
        return call(fd, name) == 0
    }
}
