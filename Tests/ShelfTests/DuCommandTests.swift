import Foundation
import Testing
@testable import ShelfCLI

/// Issue 22 item 16: `shelf du`, the bytes and files a directory holds, as `clear --max-size`
/// weighs them: what a cron author reads before choosing the limit.
@Suite struct DuCommandTests {
    let home = TestHome()

    init() {
        for (path, content) in [("a.txt", "12345"), ("feeds/x.json", "{}"), ("feeds/deep/y", "abc"), ("other/z", "1")] {
            #expect(home.run(["save", "documents", path], stdin: content).status == 0)
        }
    }

    /// The total and each folder in bytes and files, the same numbers in JSON; the total is the
    /// number `--max-size` compares: at the total nothing goes, a byte less and something does.
    @Test func theTotalAndEachFolderInBytesAndFilesAsMaxSizeWeighsThem() throws {
        #expect(home.run(["du", "documents"]).stdout == "11\t4\t.\n")
        #expect(home.run(["du", "documents", "--by-folder"]).stdout == "5\t2\tfeeds/\n1\t1\tother/\n11\t4\t.\n")
        #expect(home.run(["du", "documents", "feeds", "--by-folder"]).stdout == "3\t1\tfeeds/deep/\n5\t2\tfeeds\n")
        #expect(home.run(["du", "documents", "--human"]).stdout == "11 B\t4\t.\n")
        let result = home.run(["du", "documents", "--json", "--by-folder"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["bytes"] as? Int == 11 && object["files"] as? Int == 4 && object["path"] as? String == home.path("docs/shelf"))
        let folders = try #require(object["folders"] as? [[String: Any]])
        #expect(folders.map { $0["name"] as? String } == ["feeds/", "other/"])
        #expect(folders.first?["path"] as? String == home.path("docs/shelf/feeds/"))
        #expect(try JSONSerialization.jsonObject(with: Data(home.run(["du", "documents", "--json"]).stdout.utf8)) as? [String: Any] != nil)
        let atTotal = home.run(["clear", "documents", "--max-size", "11", "--dry-run"])
        #expect(atTotal.status == 0 && atTotal.stdout.isEmpty, "\(atTotal.stdout)")
        let below = home.run(["clear", "documents", "--max-size", "10", "--dry-run"])
        #expect(below.status == 0 && !below.stdout.isEmpty)
    }
}
