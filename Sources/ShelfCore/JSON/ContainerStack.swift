/// The containers open at the validator's position, innermost last: one bit each (1 for an
/// array, 0 for an object), so a million nested brackets take 125 KB. The word holding the
/// innermost 1 to 64 levels stays out of the array, so most pushes and pops touch no memory
/// but the stack itself.
struct ContainerStack: Sendable {
    /// Levels 0 to 64·n − 1, where the innermost word holds levels 64·n to depth − 1.
    private var outer: [UInt64] = []
    private var innermost: UInt64 = 0
    private(set) var depth = 0

    var isEmpty: Bool { depth == 0 }

    /// Whether the innermost open container is an array; false when none is open.
    var innermostIsArray: Bool {
        @inline(always) get { depth > 0 && innermost &>> UInt64((depth &- 1) & 63) & 1 != 0 }
    }

    /// Whether the validator stands directly inside a top-level array (where the append engine
    /// wants element boundaries).
    var inTopLevelArray: Bool {
        @inline(always) get { depth == 1 && innermost & 1 != 0 }
    }

    @inline(always)
    mutating func push(array: Bool) {
        let level = depth & 63
        if level == 0 && depth > 0 {
            outer.append(innermost)
            innermost = 0
        }
        let bit = UInt64(1) &<< UInt64(level)
        innermost = array ? innermost | bit : innermost & ~bit
        depth &+= 1
    }

    /// Whether the outermost open container is an array; false when none is open.
    var outermostIsArray: Bool { depth > 0 && (outer.first ?? innermost) & 1 != 0 }

    /// The innermost 64 levels (fewer when not as many are open), the innermost open container at
    /// bit 63 and each level below it one bit lower, across the word boundary: the block path may
    /// run at any depth (JSONValidator+Blocks.swift). Only when one is open.
    var topLevels: UInt64 {
        let used = UInt64((depth &- 1) & 63) &+ 1
        let top = innermost &<< (64 &- used)
        guard used < 64, let below = outer.last else { return top }
        return top | below &>> used
    }

    /// Makes levels `base..<newDepth` what `top` says (laid out as `topLevels` for a stack
    /// `newDepth` deep) and `newDepth` the depth: levels below `base` stay. The levels may lie in
    /// two words; `newDepth - 64 <= base <= depth` and `base >= 1`.
    @inline(always)
    mutating func setLevels(from base: Int, to newDepth: Int, top: UInt64) {
        let oldWord = (depth &- 1) &>> 6, newWord = (newDepth &- 1) &>> 6
        if newWord != oldWord || base &>> 6 != newWord {
            setLevelsAcrossWords(from: base, to: newDepth, top: top, oldWord: oldWord, newWord: newWord)
            return
        }
        if newDepth > base {
            let highest = UInt64((newDepth &- 1) & 63)
            let replaced = (~UInt64(0) &<< UInt64(base & 63)) & (~UInt64(0) &>> (63 &- highest))
            innermost = (innermost & ~replaced) | ((top &>> (63 &- highest)) & replaced)
        }
        depth = newDepth
    }

    /// `setLevels` where the levels changed or the depth cross a 64-level boundary: the words
    /// between are added or dropped, then each word the levels touch is written.
    @inline(never)
    private mutating func setLevelsAcrossWords(from base: Int, to newDepth: Int, top: UInt64, oldWord: Int, newWord: Int) {
        // Level ℓ lies in word ℓ / 64; words below the innermost are in `outer`.
        if newWord > oldWord {
            for _ in oldWord..<newWord {
                outer.append(innermost)
                innermost = 0
            }
        } else if newWord < oldWord {
            innermost = outer[newWord]
            outer.removeLast(oldWord &- newWord)
        }
        depth = newDepth
        guard newDepth > base else { return }
        for word in (base &>> 6)...newWord {
            let first = Swift.max(base, word &<< 6), end = Swift.min(newDepth, (word &+ 1) &<< 6)
            guard end > first else { continue }
            // Bit j of this word is level 64·word + j, which `top` holds at bit j − shift.
            let shift = newDepth &- 64 &- (word &<< 6)
            let bits = shift >= 0 ? top &<< UInt64(shift) : top &>> UInt64(0 &- shift)
            let span = end &- first
            let replaced = (span == 64 ? ~UInt64(0) : (UInt64(1) &<< UInt64(span)) &- 1) &<< UInt64(first & 63)
            if word == newWord {
                innermost = (innermost & ~replaced) | (bits & replaced)
            } else {
                outer[word] = (outer[word] & ~replaced) | (bits & replaced)
            }
        }
    }

    /// Opens, inside these, the levels of `other` from `base` up (what a speculation's validator
    /// opened inside the array it started in).
    mutating func append(levelsAbove base: Int, of other: ContainerStack) {
        guard other.depth > base else { return }
        for level in base..<other.depth {
            let word = level &>> 6 < other.outer.count ? other.outer[level &>> 6] : other.innermost
            push(array: word &>> UInt64(level & 63) & 1 != 0)
        }
    }

    /// Closes the innermost container; the caller knows one is open.
    @inline(always)
    mutating func pop() {
        depth &-= 1
        if depth & 63 == 0 && depth > 0 { innermost = outer.removeLast() }
    }
}
