import Foundation
import Glibc
import ShelfTestSupport

/// A pseudo-terminal: its slave side is standard error "at a terminal".
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    init() throws {
        // The pty calls are in libc but not in Swift's Glibc module: look them up.
        typealias IntCall = @convention(c) (Int32) -> Int32
        typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        guard let openpt = Child.libc("posix_openpt", as: IntCall.self), let grant = Child.libc("grantpt", as: IntCall.self),
              let unlock = Child.libc("unlockpt", as: IntCall.self), let ptsname = Child.libc("ptsname", as: NameCall.self) else {
            throw POSIXError(.ENOSYS)
        }
        master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grant(master) == 0, unlock(master) == 0, let name = ptsname(master) else { throw POSIXError(.ENXIO) }
        slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw POSIXError(.ENXIO) }
        var settings = termios()
        tcgetattr(slave, &settings)
        cfmakeraw(&settings)
        tcsetattr(slave, TCSANOW, &settings)
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Everything written to the terminal so far: a marker is written after it, and the master
    /// side is read until the marker comes back, so nothing in flight is missed.
    func drain() -> String {
        String(decoding: drainBytes(), as: UTF8.self)
    }

    /// `drain` as bytes, exactly as they reached the terminal.
    func drainBytes() -> [UInt8] {
        let marker = Array("<<end of output>>".utf8)
        _ = marker.withUnsafeBytes { Glibc.write(slave, $0.baseAddress, $0.count) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !bytes.reversed().starts(with: marker.reversed()) {
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return Array(bytes.dropLast(marker.count))
    }
}
