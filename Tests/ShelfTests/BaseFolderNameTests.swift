import Testing
@testable import ShelfCore

/// The path arithmetic the namespace rules judge with: byte-level splitting at `/` and the ASCII
/// fast path of name comparison must agree with what they replaced (the generic `split` and
/// `lowercased()` compared by canonical equivalence), or two namespaces could be told apart
/// that a case-insensitive file system makes one.
@Suite struct BaseFolderNameTests {
    @Test func componentsDropEmptyAndDotPartsAndApplyDotDot() {
        #expect(BaseFolder.components("/home/u/.cache") == ["home", "u", ".cache"])
        #expect(BaseFolder.components("//home//u/./c/") == ["home", "u", "c"])
        #expect(BaseFolder.components("/home/u/x/../c") == ["home", "u", "c"])
        #expect(BaseFolder.components("/../..") == [])
        #expect(BaseFolder.components("/") == [])
        #expect(BaseFolder.components("/caf\u{e9}/\u{65e5}\u{672c}") == ["caf\u{e9}", "\u{65e5}\u{672c}"])
        #expect(BaseFolder.components("/a/...") == ["a", "..."])
    }

    @Test func asciiNamesCompareIgnoringCaseOnly() {
        #expect(BaseFolder.sameName("Shelf-Shared", "shelf-shared"))
        #expect(BaseFolder.sameName(".CACHE", ".cache"))
        #expect(!BaseFolder.sameName("shelf", "shelf-"))
        #expect(!BaseFolder.sameName("a@", "a`"))  // 0x40 and 0x60 differ by the case bit but are not letters
        #expect(!BaseFolder.sameName("[", "{"))
    }

    @Test func otherNamesCompareByCaseFoldingAndCanonicalEquivalence() {
        #expect(BaseFolder.sameName("caf\u{e9}", "cafe\u{301}"))
        #expect(BaseFolder.sameName("CAF\u{c9}", "caf\u{e9}"))
        #expect(BaseFolder.sameName("\u{212a}", "k"))  // the Kelvin sign lowers to an ASCII k
        #expect(!BaseFolder.sameName("caf\u{e9}", "cafe"))
    }
}
