/// Reads one entry of `user-dirs.dirs`, the file xdg-user-dirs writes, so that `documents`
/// follows a user's localised or moved Documents folder. The format is shell-like:
/// `XDG_DOCUMENTS_DIR="$HOME/Dokumente"`; values are either `$HOME/...` or absolute.
enum UserDirs {
    /// Returns the absolute path for `key` in `contents`, or nil when absent or unusable.
    static func value(of key: String, in contents: String, home: String) -> String? {
        var found: String?
        for rawLine in contents.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "="),
                  line[..<eq].trimmingCharacters() == key else { continue }
            // Later assignments win, as they would when the shell sources the file.
            found = unquote(line[line.index(after: eq)...].trimmingCharacters())
        }
        guard var value = found else { return nil }
        if value == "$HOME" || value.hasPrefix("$HOME/") {
            value = home + value.dropFirst("$HOME".count)
        } else if value.hasPrefix("${HOME}") {
            value = home + value.dropFirst("${HOME}".count)
        }
        // The spec ignores relative paths; "$HOME" alone would put documents in the home itself,
        // which xdg-user-dirs uses to mean "disabled".
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
