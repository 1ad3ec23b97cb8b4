import Foundation
import Testing
@testable import ShelfCore

/// A case the deep-nesting attack (JSONBlockDeepAttackTests, seed 0xDEE9B10C, case 246) found
/// against the first block path that ran across ContainerStack's 64-level words: minimised with
/// byte offsets kept, so blocks fall where they fell, a tree about 245 levels deep whose text,
/// 180 levels down after a climb back from past 192, ends `]]],"…"` then a stray 0xC3. The byte
/// path says "expected ',' or ']' after an array element" at byte 3313; that block path said
/// "expected ':' after an object key" there, which turned valid deep JSON into refused JSON: its
/// run climbed 64 levels over its lowest depth and back, and read the container under that depth
/// as the 0 its 64-bit stack had shifted in (JSONBlockLevelSpanTests holds that cause alone).
/// Kept so that any block path that runs deep must agree here first.
@Suite struct JSONBlockDeepRegressionTests {
    static let encoded = [
        "W1sgW1tbeyIiOnsiIjogW1t7IiI6eyIiOlt7IiI6WyBbeyIiOltbIiIsMCAgICwwICAgICAsW3siIiAgOlswICxbIiIgICAgICAgICwwLHsiIi",
        "A6MCAgICwiIiA6MSwiIiA6IiIgICAgICwiIiAgOnsiIjp7IiI6MCAgICwiIiAgOiBbIFsiIiAsMCAsWzAgICAsMCAgICwwICAgICAseyIiIDow",
        "ICAgICAsIiIgOjAsIiIgIDpbMCAgICxbWyIiICwgWzAgICAgICwiIiAgICAgICAgLFswICAgICAsMCAgICx7IiIgOiIiICAgICAgICAsIiIgOj",
        "AgICAgICwiIiAgOnsiIiA6IiIgLCIiIDoiIiAgICAgICAgLCIiIDoiIiAsIiIgIDp7IiI6MCAgLCIiIDoiIiAsIiI6eyIiOjAgICAgICwiIiA6",
        "MCAgICwiIjowICAsIiIgIDp7IiI6MCAgICAgICwiIiA6MCAgICwiIiAgOnsiIjowICwiIjowICAgICAgLCIiICA6IHsiIiA6IiIgLCIiIDowIC",
        "AgLCIiICA6WzAgICAsMCAgICAgLCB7IiI6MCAgICAgICwiIiA6IiIgICAgICwiIiAgOlswICxbIiIgICAgICx7IiIgOiIiICAgICAgICAsIiI6",
        "WzAsMCAgICx7IiIgOiIiICAgLCIiOnsiIiA6MCwiIiA6eyIiIDoiIiAgICAgLCIiICA6MCAgICwiIiA6WzAgICAsMCAseyIiIDoiIiAsIiIgID",
        "ogeyIiICA6WzAgLDEsIiIgICAgICwgeyIiICA6eyIiOjAgICwiIiAgOltbIHsiIiAgOnsiIiA6IiIgICAgICAgICwiIiA6IiIgICAgICwiIiAg",
        "OiBbMCAgICAgLDEsMSx7IiI6MCAgICAgICwiIjowICAsIiIgOiIiICwiIiAgOlswICwiIiAsMCAsWyIiICAgICAgICAsMCwgW1siIiAgICAgLC",
        "IiICAgICAgICAseyIiIDowICAgICAsIiI6MCAgLCIiICA6IFtbW1tbeyIiICA6W1tbW1t7IiIgIDpbW1tbW1tbW3siIiAgOnsiIiAgOltbeyIi",
        "ICA6W1t7IiIgIDpbeyIiICA6W1tbeyIiOnsiIjowICAgICAsIiI6eyIiOiIiLCIiOnsiIjowICwiIjpbWyIiICAgICAseyIiOlt7IiI6MCAgIC",
        "wiIjowLCIiOjMsIiI6WzAsMCAgICx7IiI6MCAgICwiIjp7IiI6WyIiLDAgLCIiLFswLCIiLDAgLHsiIjowICAgLCIiOnsiIjowICwiIjoiIiwi",
        "IjowICwiIjpbIiIseyIiOjEsIiI6MCwiIjpbMCAgICAgLCIiICAgICAsMCAsMiwwICAgLHsiIjoxLCIiOnsiIjowICAgICAsIiI6IiIgICAgIC",
        "AsIiIgIDp7IiIgIDp7IiIgIDp7IiIgIDp7IiI6MCAgICwiIjpbIiIgICAgICwwICAgLFsgWyIiICAgICAsMCAsMCx7IiI6MCAgICAgICwiIiAg",
        "OnsiIjowICAgLCIiOiIiLCIiOjAgICAgICwiIjpbMCAsMCAgICxbIiIgICAgICwwLDIsWzAgICAseyIiOjUsIiI6eyIiOjAsIiI6IiIsIiI6Ii",
        "IsIiI6WzIsMCAgICwwICAgLDIseyIiOjEsIiI6IiIsIiI6eyIiOjAgLCIiIDp7IiI6eyIiOjAgICAgICAsIiIgOjEsIiIgOjAgICAsIiIgIDp7",
        "IiIgIDpbMSx7IiIgOiIiICAgICAgICAsIiIgOjAgICAsIiIgOjAgICAgICwiIiAgOnsiIiA6IiIgICAgICAgICwiIiAgOnsiIjowICAgICAgLC",
        "IiIDp7IiIgIDp7IiIgOjAgICAsIiIgIDpbMCAgICwwICwiIiAseyIiIDowICAgLCIiIDowICAgICAsIiIgOnsiIjowICAsIiIgOjEsIiI6eyIi",
        "IDoiIiAgICAgLCIiOjAgICwiIiAgOlsiIiAgICAgICAgLDAgLCB7IiIgOjAgICAsIiI6MCAgICAgICwiIiAgOlswICwiIiAgICAgLDAgICAsey",
        "IiIDoxLCIiICA6IFt7IiIgOiIiICAgLCIiICA6W3siIiA6MSwiIiA6IiIgLCIiICA6IFswLDEsWzAgICAgICx7IiIgOjAgICAsIiI6MCAgLCIi",
        "IDowLCIiICA6eyIiICA6WzEsIHsiIiA6IiIgICAgICAgICwiIiA6IiIgICAgICwiIiA6IiIgICAgICAgICwiIiAgOlt7IiIgOiIiICAgICAgIC",
        "AsIiIgOiIiICAgICAgICAsIiIgIDpbIiIgICAgICwwICAgLFswICAgLDAsWzAgICAsWzEsMCAsWzAgICAgICwwICwiIiAgICAgICAgLFswICwg",
        "eyIiIDoxLCIiIDowICAgICAsIiIgIDpbMSx7IiI6MCAgLCIiICA6eyIiIDowLCIiIDoxLCIiIDowICAgLCIiIDpbIiIgICAgICwwICAgICAsW1",
        "tbMCAgICwiIiAsWzAgICAsWzAseyIiICA6eyIiIDoiIiAgICAgLCIiIDp7IiIgIDogWyIiICAgICAsWzAgLDAgICAseyIiIDoiIiAsIiIgOiIi",
        "ICwiIiA6MCAgICAgLCIiIDpbMCAgICx7IiIgIDowLCIiICA6eyIiIDowLCIiICA6WyIiICAgICAgICAseyIiICA6eyIiIDowICAgLCIiIDoiIi",
        "AsIiIgIDp7IiIgIDp7IiI6MCAgLCIiICA6eyIiIDoiIiAgICAgLCIiICA6WzAgICAsWyIiICAgICAgICAsW1swICAgLHsiIiAgOiB7IiIgOiIi",
        "ICAgICAgICAsIiIgOjAgICAsIiIgOjAgICAsIiIgIDpbIiIgLDAgICAsIiIgICAgICAgICx7IiIgIDogeyIiIDowICAgICAsIiIgOjAgICAgIC",
        "wiIiA6MCAgICwiIjpbMCwwICAgICAsWyIiICwwLFsiIiAgICAgLCB7IiIgOjAsIiIgIDpbMSwiIiAgICAgICAgLFswICAgICAsMCAgICwgeyIi",
        "ICA6WzEsMCAsWyIiLDAgICAsMCAgICAgLFswICwwICxbMSwwXSxbWyIiICwiIiAgICAgLFsxLDAgICAseyIiIDoxLCIiIDowICAgLCIiICA6ey",
        "IiOjAgICwiIiA6MCwiIiAgOlswICAgLCIiICAgICAsMCAsWyIiICAgICAgICxbMCAgICwwLDEsIFswICwwICwwICxbIFtbMCAgICAgLDAgICAg",
        "ICxbMCAgICAgLHsiIiA6MCwiIjowICAgICAgLCIiOjAgICAgICAsIiIgIDogWzAgICAgICxbWyIiICAgICAgICAseyIiOjAgICAgICAsIiIgOi",
        "IiICAgICAsIiIgIDpbMCAseyIiIDozLCIiICA6eyIiOjAgICwiIiA6IiIgICAgICwiIiA6MSwiIiAgOlsgWzAgICAseyIiIDoxLCIiICA6eyIi",
        "ICA6WzEse31dLCIiOjAgLCIiIDoiIiAgICAgLCIiIDoiIiB9LCIiIDowfSwwXSwiIiAgICAgLCIiICwwICAgXSwiIiA6MCAgICwiIiA6MCAgIC",
        "AgLCIiIDowICAgICB9LCIiIDowICAgLCIiOjAgIH0sMCAsIiIgICAgICAgICwwXSwiIiA6IiIgICAgICAgIH0sMF0sIiIgICAgICwiIiAgICAg",
        "LDAgICBdLDAgICBdLCIiIDowICAgfSwwICAgXSwwICAgICAsMCBdLCIiICAgICAgICBdLDBdLDAgLCIiICAgICBdLDAgICAgIF0sMCAgIF0sMV",
        "0sIiIgOnt9fSwiIjowICAgICAgfSwwICAgXSwwIF0sIiIgICAgICAgICwwICAgICBdLDBdLDEsMCAgIF0sMCAgIF0sIiIgOjB9LDBdLDEsMCBd",
        "LCIiIDoiIiAsIiIgOiIiIH0sMF0sIiIgICAgIF0sMCAgICAgLDBdLCIiIDowfSwiIjowfSwwICwwIF0sIiIgOjB9LCIiIDowfSwwXSwwICAgLD",
        "EsMCAgICAgXSwwXSwwLDAgXSwiIiA6MCAgICwiIjowIH0sIiI6IiIgICAgIH0sIiIgOjAgICAsIiIgOjB9LCIiIDoxLCIiIDoiIiAgICAgICAg",
        "LCIiOjAgICAgIH0sIiI6MCAgICAgICwiIjowICAgICAgLCIiIDoxfSwwXSwiIiA6MH0sIiIgOiIiICwiIjowICB9XSwiIiA6MH0sIiIgICAgIC",
        "wwICwwIF0sIiIgICAgIF0sIiIgOjB9LCIiOjAgICAgICAsIiIgOjAgICB9LCIiIDoiIiAgICAgICAgfSwiIiAgICAgICAgXSwwLDAgXV0sIiIg",
        "ICAgICAgICAgICAgIMOp4g==",
    ]
    static var bytes: [UInt8] { Array(Data(base64Encoded: encoded.joined())!) }

    @Test func deepTreeClosedAcrossWordsKeepsTheInnermostKind() {
        #expect(Self.bytes.count == 3316)
        if let mismatch = JSONBlockPathTests.mismatch(Self.bytes) { Issue.record("\(mismatch.prefix(600))") }
    }
}
