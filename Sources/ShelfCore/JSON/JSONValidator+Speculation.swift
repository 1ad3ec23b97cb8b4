/// A piece of a `.single` stream validated before its turn, from a guessed state, so that a second
/// thread can check a save's later pieces while the first checks the earlier ones (issue 25: a
/// validated save may take no longer than a raw one).
///
/// The guess: a `{` or `[` after a `,` and blanks begins an element of an array (in an object a
/// key would follow the `,`). The piece from there runs through a validator that was fed `[`
/// first, so that its state is exactly the one the whole stream's validator reaches, whatever lies
/// below that array: the grammar looks only at the innermost container. The segment ends (unused
/// from there on) where that validator fails or closes the array; the next guess after it starts
/// another. Whether a guess held is known only when the stream's own validator reaches the bracket
/// (`adopt`): it must stand there before a value inside an array. Everything before, between and
/// after the segments, and every segment whose guess did not hold, the stream's own validator
/// checks, so errors and their positions come from it alone.
package struct JSONSpeculation: Sendable {
    /// Bytes of the piece validated from the guess: `start` is the bracket, `end` where the validator
    /// stood when the segment ended, `after` its state there (with `[` fed first).
    struct Segment: Sendable {
        let start: Int
        let end: Int
        let after: JSONValidator
    }

    /// How many bytes the piece has, and its segments in order.
    let count: Int
    let segments: [Segment]

    /// Validates `piece` from each guess in it. `stride`: how far a segment's validator runs
    /// before its state is kept; where it fails, the segment ends at the last state kept.
    package init(_ piece: UnsafeRawBufferPointer, stride: Int = 16 << 10) {
        count = piece.count
        var segments: [Segment] = []
        var position = 0
        // Guesses that fail at once, one after another, may not cost more than checking the piece
        // twice: the thread waiting for this one would rather have checked it itself.
        var budget = 2 * piece.count
        while budget > 0, let start = Self.guess(in: piece, from: position) {
            var validator = JSONValidator(mode: .single, maxDepth: .max)
            validator.consumeOpeningBracket()
            var kept = validator, end = start
            while end < piece.count && budget > 0 {
                let next = min(end + stride, piece.count)
                budget -= next - end
                do throws(JSONSyntaxError) {
                    try validator.consume(UnsafeRawBufferPointer(rebasing: piece[end..<next]))
                } catch {
                    break
                }
                // Closed the array the guess stood in: nothing from here on holds.
                if validator.containers.isEmpty { break }
                kept = validator
                end = next
            }
            if end > start { segments.append(Segment(start: start, end: end, after: kept)) }
            position = max(end, start + 1)
        }
        self.segments = segments
    }

    /// The first `{` or `[` at or after `position` that follows a `,` and blanks.
    static func guess(in piece: UnsafeRawBufferPointer, from position: Int) -> Int? {
        var index = position
        while index < piece.count {
            if piece[index] == Byte.comma {
                var next = index + 1
                while next < piece.count && Byte.isWhitespace(piece[next]) { next += 1 }
                if next < piece.count && (piece[next] == Byte.openBrace || piece[next] == Byte.openBracket) { return next }
                index = next
            } else {
                index += 1
            }
        }
        return nil
    }
}

extension JSONValidator {
    /// Feeds the `[` a speculation's validator starts with, at offset 0.
    mutating func consumeOpeningBracket() {
        _ = [Byte.openBracket].withUnsafeBytes { raw in try? consume(raw) }
    }

    /// Checks the next `speculation.count` bytes of the stream, which `piece` gives (a range of
    /// the piece at a time), taking each segment's state where its guess held
    /// instead of checking its bytes again. The result is the state, line and column the byte-by-
    /// byte check would reach, or its first error.
    package mutating func adopt(_ speculation: JSONSpeculation,
                                piece: (Range<Int>) throws -> UnsafeRawBufferPointer) throws {
        var position = 0
        for segment in speculation.segments {
            try consume(piece(position..<segment.start))
            position = segment.start
            // At the bracket: before a value inside an array, at a depth where the segment's nesting
            // cannot pass the limit (a piece of n bytes opens at most n containers).
            guard mode == .single, state == .value, containers.innermostIsArray,
                  containers.depth + speculation.count < maxDepth else { continue }
            take(segment.after)
            position = segment.end
        }
        try consume(piece(position..<speculation.count))
    }

    /// Continues from `after`, a validator that was fed `[` and then the stream's bytes from here.
    private mutating func take(_ after: JSONValidator) {
        let origin = offset - 1  // the stream offset where `after` has its `[`
        if containers.depth == 1 { topLevelElementCount += after.topLevelElementCount }
        containers.append(levelsAbove: 1, of: after.containers)
        state = after.state
        stringIsKey = after.stringIsKey
        pending = after.pending
        utf8Low = after.utf8Low
        utf8High = after.utf8High
        literalFirst = after.literalFirst
        literal = after.literal
        if after.line > 1 {
            line += after.line - 1
            lineStart = origin + after.lineStart
            continuations = after.continuations
        } else {
            continuations += after.continuations
        }
        offset = origin + after.offset
    }
}
