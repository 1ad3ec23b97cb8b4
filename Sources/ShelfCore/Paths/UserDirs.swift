/// Reads one entry of `user-dirs.dirs`, the file xdg-user-dirs writes, so that `documents`
/// follows a user's localised or moved Documents folder. The format is shell-like:
/// `XDG_DOCUMENTS_DIR="$HOME/Dokumente"`; values are either `$HOME/...` or absolute.
enum UserDirs {
    /// The absolute path for `key` in the file's bytes, or nil when absent or unusable.
    /// - Throws: `invalidName` when the line that sets `key` is not valid UTF-8: its folder could
    ///   not be named exactly, and another one must not be used instead.
    static func value(of key: String, in contents: [UInt8], home: String, file: String) throws -> String? {
        var found: String?
        var invalid = false
        for line in contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            // Later assignments win, as they would when the shell sources the file.
            guard let value = assignedBytes(of: key, in: line) else { continue }
            let text = UTF8Text.validated(value)
            (found, invalid) = (text.map { unquote(Substring($0).trimmingCharacters()) }, text == nil)
        }
        if invalid {
            throw ShelfError.invalidName(key + " in " + file, reason: "its value is not valid UTF-8; shelf names folders by their exact text, so fix the file or set XDG_DOCUMENTS_DIR")
        }
        return found.flatMap { resolve($0, home: home) }
    }

    /// The bytes after `=` when `line` assigns `key` (blanks around the name allowed); nil for a
    /// comment or any other line.
    private static func assignedBytes(of key: String, in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let start = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard start.starts(with: key.utf8) else { return nil }
        let rest = start.dropFirst(key.utf8.count).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        return rest.first == UInt8(ascii: "=") ? rest.dropFirst() : nil
    }

    /// `$HOME` expanded; nil for a relative path, or for the home itself, which xdg-user-dirs uses
    /// to mean "disabled" (the spec ignores relative paths).
    private static func resolve(_ found: String, home: String) -> String? {
        var value = found
        if value == "$HOME" || value.hasPrefix("$HOME/") {
            value = home + value.dropFirst("$HOME".count)
        } else if value.hasPrefix("${HOME}") {
            value = home + value.dropFirst("${HOME}".count)
        }
        guard value.hasPrefix("/"), value != home, value != home + "/" else { return nil }
        return value
    }

    /// Removes surrounding double quotes and shell backslash escapes.
    private static func unquote(_ text: String) -> String {
        var s = Substring(text)
        if s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") { s = s.dropFirst().dropLast() }
        var out = ""
        var escaping = false
        for ch in s {
            if escaping { out.append(ch); escaping = false } else if ch == "\\" { escaping = true } else { out.append(ch) }
        }
        return out
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
