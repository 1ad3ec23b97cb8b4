/// `--mode MODE`: permission bits in octal as chmod takes them (`644`, `0644`, `0600`). Only the
/// nine rwx bits: setuid, setgid and sticky are refused, and so are symbolic modes (`u+rw`),
/// whose meaning depends on a mode that a new file does not have yet.
struct ModeValue: ArgumentValue {
    let permissions: UInt32
    static var kind: ArgumentKind { .text }

    static func parse(_ word: Argument, as spelling: String) throws -> ModeValue {
        let text = word.description
        let digits = text.utf8
        guard (1...4).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }),
              let value = UInt32(text, radix: 8) else {
            throw UsageError("\(spelling) '\(text)': give the permission bits in octal, like 644 or 0600")
        }
        guard value <= 0o777 else {
            throw UsageError("\(spelling) '\(text)': setuid, setgid and sticky bits cannot be set; give at most 0777")
        }
        return ModeValue(permissions: value)
    }
}
