// TEMPORARY STUB: replaced by the streaming validator from the json-validator branch.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int
    public var message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

public struct JSONValidator: Sendable {
    public enum Mode: Sendable { case single, lines }
    var sawNonSpace = false
    public init(mode: Mode = .single, maxDepth: Int = 10_000_000) {}
    public mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        if bytes.contains(where: { $0 != 32 && $0 != 10 }) { sawNonSpace = true }
    }
    public mutating func finish() throws(JSONSyntaxError) {
        if !sawNonSpace { throw JSONSyntaxError(line: 1, column: 1, offset: 0, message: "empty input: expected a JSON value") }
    }
}
