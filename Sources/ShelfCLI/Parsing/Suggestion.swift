/// "did you mean …?" for mistyped commands, options and directories, and for the words people
/// bring from other tools (`rm`, `ls`, `cat`, `tmp`, `-V`).
enum Suggestion {
    /// The word shelf uses for what other tools call `key`, when it is one of the candidates:
    /// these are too far from shelf's own by edit distance to be found as typos.
    static let familiarWords: [String: String] = [
        "rm": "remove", "del": "remove", "delete": "remove", "unlink": "remove",
        "ls": "list",
        "get": "retrieve", "cat": "retrieve", "read": "retrieve", "show": "retrieve", "load": "retrieve",
        "put": "save", "set": "save", "write": "save", "store": "save",
        "mv": "move", "cp": "copy", "test": "exists", "df": "capacity",
        "tmp": "temporary", "temp": "temporary", "cache": "caches", "docs": "documents",
        "data": "applicationSupport", "support": "applicationSupport", "shared": "sharedContainer:",
        "-v": "--version", "version": "--version",
    ]

    /// The candidate closest to `text` by edit distance, if it is close enough to be a typo;
    /// else the only candidate that `text` begins (`ret` → `retrieve`, `--print` → `--print-path`);
    /// else shelf's word for a familiar one (`rm` → `remove`).
    static func nearest(to text: String, in candidates: [String]) -> String? {
        if let familiar = familiarWords[text.lowercased()], candidates.contains(familiar) { return familiar }
        if let close = closest(to: text, in: candidates) { return close }
        let lowered = text.lowercased()
        let extended = candidates.filter { $0.lowercased().hasPrefix(lowered) }
        return lowered.trimmingDashes.count >= 2 && extended.count == 1 ? extended[0] : nil
    }

    private static func closest(to text: String, in candidates: [String]) -> String? {
        let lowered = text.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(Array(lowered.utf8), Array(candidate.lowercased().utf8))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        return distance <= max(1, min(3, candidate.count / 3)) ? candidate : nil
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

extension String {
    fileprivate var trimmingDashes: Substring { drop { $0 == "-" } }
}
