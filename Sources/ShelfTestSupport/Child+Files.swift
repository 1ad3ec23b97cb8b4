import Foundation

/// The files a child's output is captured in, and the byte I/O on raw descriptors the spawner
/// needs (unnamed files, so nothing is left behind whatever ends the harness).
extension Child {
    public static func scratchFile() throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/shelf-io.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw HarnessError("mkstemp: \(String(cString: strerror(errno)))") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return fd
    }

    public static func contents(_ fd: Int32) -> [UInt8] {
        let end = Int(lseek(fd, 0, SEEK_END))
        guard end > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: end)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, end, 0) }
        return Array(bytes.prefix(max(0, n)))
    }

    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        try bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { throw HarnessError("write: \(String(cString: strerror(errno)))") }
                offset += n
            }
        }
    }
}
