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

    /// ASCII names compare ignoring case only (0x40 and 0x60 differ by the case bit but are not
    /// letters); other names by case folding and canonical equivalence (the Kelvin sign lowers to an ASCII k).
    @Test(arguments: [("Shelf-Shared", "shelf-shared", true), (".CACHE", ".cache", true), ("shelf", "shelf-", false), ("a@", "a`", false),
                      ("[", "{", false), ("caf\u{e9}", "cafe\u{301}", true), ("CAF\u{c9}", "caf\u{e9}", true), ("\u{212a}", "k", true),
                      ("caf\u{e9}", "cafe", false)])
    func namesCompareIgnoringCaseAndByCanonicalEquivalence(_ one: String, _ other: String, _ same: Bool) {
        #expect(BaseFolder.sameName(one, other) == same)
    }
}
