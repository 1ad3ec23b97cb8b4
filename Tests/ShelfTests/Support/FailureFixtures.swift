import Foundation
import Glibc
import Testing

extension TestHome {
    /// A fresh home whose caches hold one of each thing a failure can be about: a.json ([1]),
    /// bad.json (not JSON), f (a file), dir/ (a folder), link (a symbolic link) and old (expired).
    /// For the tables of failures (ExitStatusTests, HintTests): each case gets its own, as some
    /// of them change the store.
    static func withFailureFixtures() throws -> TestHome {
        let home = TestHome()
        try home.write("cache/shelf/a.json", "[1]")
        try home.write("cache/shelf/bad.json", "[1,")
        try home.write("cache/shelf/f", "file")
        try FileManager.default.createDirectory(atPath: home.path("cache/shelf/dir"), withIntermediateDirectories: true)
        #expect(symlink(home.path("cache"), home.path("cache/shelf/link")) == 0)
        try home.saveExpiring(.caches, "old", "x", at: 1_580_702_706)
        return home
    }
}
