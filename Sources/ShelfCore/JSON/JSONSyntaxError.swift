/// Where and why a byte stream stopped being JSON.
///
/// `line` and `column` count from 1; `column` counts characters (UTF-8 sequences), not bytes, so it
/// matches what an editor shows. `offset` is the byte offset from the start of the stream.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int
    public var message: String

    public init(line: Int, column: Int, offset: Int, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// The kind of a JSON value, as the validator saw it begin.
public enum JSONKind: Sendable, Equatable {
    case object, array, string, number, literal
}

/// Receives the positions the append engine needs while the validator streams, so it never has to
/// parse a file twice. Offsets are absolute byte offsets in the whole stream.
package protocol JSONEventHandler {
    /// An element of the top-level array starts at `offset` (its first byte).
    mutating func topLevelElementBegan(at offset: Int)
    /// An element of the top-level array ends just before `offset` (its last byte + 1).
    mutating func topLevelElementEnded(at offset: Int)
    /// In `.lines` mode, the value of a line ends just before `offset` (its last byte + 1).
    mutating func lineValueEnded(at offset: Int)
}

extension JSONEventHandler {
    package mutating func topLevelElementBegan(at offset: Int) {}
    package mutating func topLevelElementEnded(at offset: Int) {}
    package mutating func lineValueEnded(at offset: Int) {}
}

/// The handler for callers that only want a yes or no.
struct NoJSONEvents: JSONEventHandler {}
