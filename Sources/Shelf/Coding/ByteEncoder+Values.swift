import FoundationEssentials

/// Values: scalars written in place, nested values through their own `encode(to:)`, with
/// Foundation's special cases for Date, Data, URL and Decimal.
extension ByteEncoder {
    /// Starts a scalar as the current value (a second value at one level is Foundation's).
    @inline(__always) func single() {
        if levelWritten { fail() }
        levelWritten = true
    }

    func double(_ value: Double) {
        guard value.isFinite else { return fail() }
        out.floatingPoint(value)
    }

    func float(_ value: Float) {
        guard value.isFinite else { return fail() }
        out.floatingPoint(value)
    }

    /// Encodes `value` where a value goes next (the caller wrote the key or comma).
    func value<T: Encodable>(_ value: T, key: CodingPathElement?, extra: [CodingPathElement] = []) throws {
        if scalar(value) { return }
        // The types are known equal, so the values are reinterpreted rather than cast.
        if T.self == Data.self, options.base64 { return unsafeBitCast(value, to: Data.self).withUnsafeBytes { out.base64($0) } }
        if T.self == Date.self { return date(unsafeBitCast(value, to: Date.self)) }
        if T.self == URL.self { return out.string(unsafeBitCast(value, to: URL.self).absoluteString) }
        if T.self == Decimal.self { return out.write((value as! Decimal).description) }
        guard level < Self.maximumLevel else { return fail() }
        if collection(value) { return }
        let savedWritten = levelWritten, savedFrames = frames.count, savedPath = path.count
        path.append(contentsOf: extra)
        if let key { path.append(key) }
        level += 1
        levelWritten = false
        defer {
            level -= 1
            levelWritten = savedWritten
            path.removeSubrange(savedPath...)
        }
        try value.encode(to: self)
        guard !failed else { return }
        // A value's containers end with its encode(to:); a value that wrote nothing is `{}`.
        while frames.count > savedFrames { closeTop() }
        if !levelWritten {
            // At the top Foundation throws instead ("did not encode any values").
            if level == 1 { fail() } else { out.ascii("{}") }
        }
    }

    /// Writes `value` in place when `T` is one of the standard scalars (as their `encode(to:)`
    /// writes them: arrays and dictionaries of them reach here through the generic call).
    @inline(__always) func scalar<T>(_ value: T) -> Bool {
        if T.self == String.self { out.string(unsafeBitCast(value, to: String.self)) }
        else if T.self == Int.self { out.integer(unsafeBitCast(value, to: Int.self)) }
        else if T.self == Double.self { double(unsafeBitCast(value, to: Double.self)) }
        else if T.self == Bool.self { unsafeBitCast(value, to: Bool.self) ? out.ascii("true") : out.ascii("false") }
        else if T.self == Int64.self { out.integer(unsafeBitCast(value, to: Int64.self)) }
        else if T.self == Int32.self { out.integer(unsafeBitCast(value, to: Int32.self)) }
        else if T.self == UInt8.self { out.integer(unsafeBitCast(value, to: UInt8.self)) }
        else if T.self == Float.self { float(unsafeBitCast(value, to: Float.self)) }
        else { return false }
        return true
    }

    func date(_ date: Date) {
        switch options.date {
        case .seconds: double(date.timeIntervalSince1970)
        case .milliseconds: double(1000.0 * date.timeIntervalSince1970)
        case .iso8601: out.string(date.formatted(.iso8601))
        // Date's own encode(to:) writes one Double: its seconds since 2001.
        case .deferred: double(date.timeIntervalSinceReferenceDate)
        }
    }

    // MARK: SingleValueEncodingContainer

    func encodeNil() throws { single(); out.ascii("null") }
    func encode(_ value: Bool) throws { single(); value ? out.ascii("true") : out.ascii("false") }
    func encode(_ value: String) throws { single(); out.string(value) }
    func encode(_ value: Double) throws { single(); double(value) }
    func encode(_ value: Float) throws { single(); float(value) }
    func encode(_ value: Int) throws { single(); out.integer(value) }
    func encode(_ value: Int8) throws { single(); out.integer(value) }
    func encode(_ value: Int16) throws { single(); out.integer(value) }
    func encode(_ value: Int32) throws { single(); out.integer(value) }
    func encode(_ value: Int64) throws { single(); out.integer(value) }
    func encode(_ value: UInt) throws { single(); out.integer(value) }
    func encode(_ value: UInt8) throws { single(); out.integer(value) }
    func encode(_ value: UInt16) throws { single(); out.integer(value) }
    func encode(_ value: UInt32) throws { single(); out.integer(value) }
    func encode(_ value: UInt64) throws { single(); out.integer(value) }
    func encode<T: Encodable>(_ value: T) throws {
        single()
        try self.value(value, key: nil)
    }
}
