import Foundation
import Testing

/// The Swift library (`Sources/Shelf`) is a face over the engine built on its public API alone,
/// as an app would be (issue 23, "the facade boundary"): it never reaches engine internals (the
/// journal, descriptors, targets) through `package` symbols. The compiler enforces it while the
/// manifest builds `Shelf` without package access; these checks keep that setting, and name a
/// `package` type of the engine used in the library even if the setting were dropped.
@Suite struct FacadeBoundaryTests {
    static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: Subprocess.repository.path + "/" + relative, encoding: .utf8)
    }

    /// `.target(name: "Shelf", …)`: the whole declaration, up to its closing parenthesis.
    @Test func theLibraryIsBuiltWithoutPackageAccess() throws {
        let manifest = try FacadeBoundaryTests.read("Package.swift")
        let declaration = try #require(manifest.range(of: #"\.target\(name: "Shelf"[^)]*\)"#, options: .regularExpression))
        #expect(manifest[declaration].contains("packageAccess: false"),
                "Package.swift must build Shelf with packageAccess: false, so that it uses only the engine's public API")
    }

    /// Top-level types the engine declares `package` (comments and string literals removed on both
    /// sides), named anywhere in the library's code. (A nested one, such as a `Value`, shares its
    /// name with generic parameters; the compiler's refusal covers those.)
    @Test func theLibraryNamesNoPackageTypeOfTheEngine() throws {
        let sources = try SystemLayerTests.sources()
        let engine = sources.filter { $0.path.hasPrefix("Sources/ShelfCore/") }
        let library = sources.filter { $0.path.hasPrefix("Sources/Shelf/") }
        let declaration = #"(?m)^package\s+(?:(?:final|indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)"#
        var packageTypes: Set<String> = []
        for source in engine {
            for match in try SystemLayerTests.matches(declaration, in: source.code) {
                if let name = match.split(whereSeparator: \.isWhitespace).last { packageTypes.insert(String(name)) }
            }
        }
        #expect(packageTypes.contains("FileDescriptor"), "the scan must see the engine's package types")
        #expect(library.count > 20, "the scan must see the library")
        for source in library {
            for name in packageTypes.sorted() where try !SystemLayerTests.matches("\\b\(name)\\b", in: source.code).isEmpty {
                Issue.record("\(source.path) uses the engine's package type \(name); add a public operation to the engine instead")
            }
        }
    }
}
