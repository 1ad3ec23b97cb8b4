/// Descriptors 0, 1 and 2, made sure to be open before anything else is opened. A program started
/// with one of them closed (`shelf save caches a.txt <&-`) would otherwise get that number for the
/// first file or folder it opens, and then read its input from a folder, or write its output and
/// messages into a stored file.
package enum StandardDescriptors {
    /// Opens `/dev/null` on each standard descriptor that is closed: read-only on 0, write-only on
    /// 1 and 2. The caller is told which were closed: a closed input is then refused where input is
    /// read (an empty one would replace a stored file with nothing), and programs shelf runs get
    /// `/dev/null` in its place. Where `/dev/null` cannot be opened, the root
    /// folder holds the number instead (reading and writing it fail). Call once, first thing.
    /// - Returns: which of them were closed.
    package static func openClosed() -> Closed {
        var closed: Closed = []
        for descriptor: Int32 in 0...2 {
            do {
                if try !kernel.status(descriptor).isCharacterDevice { notTerminals.insert(Closed(rawValue: 1 << descriptor)) }
            } catch .badDescriptor {
                closed.insert(Closed(rawValue: 1 << descriptor))
                let options: OpenOptions = descriptor == 0 ? .readOnly : .writeOnly
                // open(2) gives the lowest free number: this one, since those below are open.
                guard let opened = (try? kernel.open("/dev/null", in: nil, options, permissions: 0))
                    ?? (try? kernel.open("/", in: nil, [.readOnly, .folder], permissions: 0)) else { continue }
                if opened != descriptor { kernel.close(opened) }
            } catch {
                continue
            }
        }
        return closed
    }

    /// The standard descriptors that were no character device at start (a file, a pipe), so no
    /// terminal: asking again (an ioctl each time standard input or error is asked about) tells
    /// nothing new, since the executable puts nothing else on 0, 1 or 2. Empty in a program that
    /// never called `openClosed` (the library's users, the tests in process).
    nonisolated(unsafe) private static var notTerminals: Closed = []

    /// Whether `descriptor` is a standard descriptor known since `openClosed` to be no terminal.
    static func isKnownNotTerminal(_ descriptor: Int32) -> Bool {
        (0...2).contains(descriptor) && notTerminals.contains(Closed(rawValue: 1 << descriptor))
    }

    /// Which standard descriptors were closed at start.
    package struct Closed: OptionSet, Sendable {
        package let rawValue: Int32

        package init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        package static let input = Closed(rawValue: 1)
        package static let output = Closed(rawValue: 2)
        package static let errors = Closed(rawValue: 4)
    }
}
