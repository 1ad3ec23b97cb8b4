/// The names of a numbered folder's files: purely numeric, counted by value.
enum NumberedNames {
    /// Numbers of more digits than this do not count when the folder is listed: the next one
    /// could need 256, longer than a name may be. So a file named with 255 nines (or any other
    /// name a user saved) never stops the folder's appends.
    static let maxCountedDigits = 254

    /// The digits of the highest purely numeric name (by value: `007` is 7) of at most
    /// `maxCountedDigits` digits; nil when there is none. Lists the whole folder.
    static func highest(in folder: FileDescriptor) throws -> [UInt8]? {
        var highest: [UInt8]?
        for entry in try FolderEntries.read(folder) {
            guard let value = value(of: entry.name), value.count <= maxCountedDigits else { continue }
            if let current = highest, value.count < current.count || (value.count == current.count && !current.lexicographicallyPrecedes(value)) {
                continue
            }
            highest = value
        }
        return highest
    }

    /// One more than `highest`, or `0`.
    static func next(after highest: [UInt8]?) throws -> FileName {
        guard let highest, let name = FileName(bytes: highest) else { return "0" }
        return try increment(name, in: "")
    }

    /// The digits of a purely numeric name without leading zeros; nil for any other name.
    static func value(of name: FileName) -> [UInt8]? {
        guard name.bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let trimmed = name.bytes.drop { $0 == UInt8(ascii: "0") }
        return trimmed.isEmpty ? [UInt8(ascii: "0")] : Array(trimmed)
    }

    /// Decimal increment of a digit string of any length ("199" → "200"). Past 255 digits there is
    /// no name left: only a folder holding every 255-digit name above the counted ones gets there.
    static func increment(_ digits: FileName, in path: String) throws -> FileName {
        var bytes = digits.bytes
        var index = bytes.count - 1
        while index >= 0 {
            if bytes[index] < UInt8(ascii: "9") {
                bytes[index] += 1
                return FileName(bytes: bytes) ?? digits
            }
            bytes[index] = UInt8(ascii: "0")
            index -= 1
        }
        guard bytes.count < 255, let longer = FileName(bytes: [UInt8(ascii: "1")] + bytes) else {
            throw ShelfError.invalidName(path + "/" + digits.description, reason: "no numbered name is left after it (names have at most 255 bytes)")
        }
        return longer
    }
}
