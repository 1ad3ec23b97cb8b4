import Foundation
import Testing

/// The command line is built on ShelfCore alone (docs/architecture.md): Foundation would add its
/// libraries and static initialisers to every start. The binary under test (the debug build, or the
/// static release binary with `make test-release`) must need no Foundation library and hold no
/// Foundation symbol: a dynamic link names `libFoundation…` and every linked Swift symbol of the
/// module carries its mangled name.
@Suite(.enabled(if: FileManager.default.isReadableFile(atPath: BuiltBinary.path)))
struct NoFoundationTests {
    static let markers = ["libFoundation", "$s10Foundation", "$s20FoundationEssentials", "$s22FoundationInternationalization"]

    @Test func theCommandLineLinksNoFoundation() throws {
        let binary = try Data(contentsOf: URL(fileURLWithPath: BuiltBinary.path))
        for marker in NoFoundationTests.markers {
            #expect(binary.range(of: Data(marker.utf8)) == nil, "\(BuiltBinary.path) contains \(marker)")
        }
    }
}
