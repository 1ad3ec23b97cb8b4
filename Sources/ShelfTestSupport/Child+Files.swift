import Foundation

/// The files a child's output is captured in, and the byte I/O on raw descriptors the spawner
/// needs (unnamed files, so nothing is left behind whatever ends the harness).
extension Child {
    /// An unnamed temp file holding `bytes`, its offset back at the start (to be read as input).
    public static func scratchFile(holding bytes: [UInt8] = []) throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/shelf-io.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw HarnessError("mkstemp: \(String(cString: strerror(errno)))") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        try writeAll(fd, bytes)
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    public static func contents(_ fd: Int32) -> [UInt8] {
        let end = Int(lseek(fd, 0, SEEK_END))
        guard end > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: end)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, end, 0) }
        return Array(bytes.prefix(max(0, n)))
    }

    /// A monotonic clock in seconds, for timings.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// A pipe whose ends are closed on exec (a child gets its end through dup2 only).
    static func pipeEnds() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw HarnessError("pipe: \(String(cString: strerror(errno)))") }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
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
