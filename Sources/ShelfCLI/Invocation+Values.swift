import ShelfCore

/// Option values that spell durations, sizes and times, read with the library's shared parsers;
/// a value that does not parse is a usage error (exit 64) naming the option.
extension Invocation {
    /// `--NAME DURATION` in seconds (`90s`, `15m`, `12h`, `7d`, `2w`); nil when not given.
    func duration(_ name: String) throws -> Int64? {
        try parsed(name) { try DurationText.seconds($0) }
    }

    /// `--NAME SIZE` in bytes (`500K`, `10M`, `2G`); nil when not given.
    func size(_ name: String) throws -> Int64? {
        try parsed(name) { try ByteCountText.bytes($0) }
    }

    /// `--NAME TIME`, an ISO 8601 time with a zone, in seconds since 1970 UTC; nil when not given.
    func time(_ name: String) throws -> Int64? {
        try parsed(name) { try TimestampText.epochSeconds($0) }
    }

    private func parsed(_ name: String, _ parse: (String) throws -> Int64) throws -> Int64? {
        guard let text = value(name) else { return nil }
        do {
            return try parse(text)
        } catch let error as ValueSyntaxError {
            throw UsageError("--\(name) \(error)", command: command)
        }
    }
}
