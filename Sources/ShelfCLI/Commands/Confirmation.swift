import ShelfCore

/// A yes-or-no question to a person at a terminal, before something is destroyed.
enum Confirmation {
    /// Whether a person can answer: standard input and standard error are terminals.
    static func mayAsk(_ context: Context) -> Bool {
        context.stdin >= 0 && FileDescriptor(raw: context.stdin, path: "<stdin>").isTerminal && context.stderr.isTerminal
    }

    /// Writes `question` and reads one line: true for y or yes (any case); anything else, or the
    /// end of input, is no.
    static func ask(_ question: String, _ context: Context) -> Bool {
        context.stderr.write(question + " [y/N] ")
        context.stderr.flush()
        let input = FileDescriptor(raw: context.stdin, path: "<stdin>")
        var line: [UInt8] = []
        var byte: [UInt8] = [0]
        while let n = try? byte.withUnsafeMutableBytes({ try input.read(into: $0) }), n == 1, byte[0] != UInt8(ascii: "\n") {
            line.append(byte[0])
        }
        let answer = String(decoding: line, as: UTF8.self).trimmingBlanks().lowercased()
        return answer == "y" || answer == "yes"
    }
}

private extension String {
    func trimmingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
