import Foundation
import Testing
@testable import ShelfCLI

/// Issue 22 item 18: docs/exit-codes.md, the man page and `--help` say the same about exit
/// statuses: the same statuses in all three tables, and for each command the same set (the one
/// it declares, which ExitStatusTests holds to what it returns).
@Suite struct ExitStatusDocsTests {
    let home = TestHome()

    /// The leading numbers of the table rows (`| 66 | …`) of `text`, in order.
    static func rowStatuses(_ text: Substring) -> [Int32] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| ") else { return nil }
            return Int32(line.dropFirst(2).prefix { $0 != " " })
        }
    }

    /// The text of docs/exit-codes.md from the heading `from` to the next heading.
    static func section(_ doc: String, from heading: String) -> Substring {
        guard let start = doc.range(of: heading) else { return "" }
        let rest = doc[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    @Test func theThreeTablesListTheSameStatuses() throws {
        let doc = try Subprocess.read("docs/exit-codes.md")
        let documented = ExitCode.documented.map(\.0)
        #expect(ExitStatusDocsTests.rowStatuses(ExitStatusDocsTests.section(doc, from: "# Exit codes")) == documented)
        let help = home.run(["help"]).stdout
        let helpRows = help[help.range(of: "Exit status:\n")!.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("  ") }
        #expect(helpRows.compactMap { Int32($0.dropFirst(2).prefix { $0 != " " }) } == documented)
        let page = ManPage.render()
        let exitSection = page[page.range(of: ".SH \"EXIT STATUS\"\n")!.upperBound...]
        let pageStatuses = exitSection[..<exitSection.range(of: "\n.SH ")!.lowerBound]
            .split(separator: "\n").compactMap { $0.hasPrefix(".B ") ? Int32($0.dropFirst(3)) : nil }
        #expect(pageStatuses == documented)
    }

    @Test(arguments: CommandTable.visible.map(\.name))
    func eachCommandsStatusesAgreeInHelpManPageAndDocs(_ name: String) throws {
        let spec = try #require(CommandTable.command(named: name))
        // --help: the rows of its own statuses, and no other.
        let help = home.run([name, "--help"]).stdout
        let exit = try #require(help.range(of: "Exit status:\n"), "\(name) --help has no exit status")
        let rows = help[exit.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("  ") }
        #expect(rows.compactMap { Int32($0.dropFirst(2).prefix { $0 != " " }) } == spec.statuses)
        // A program's own status is never passed through (issue 22 item 8): no "other" row.
        #expect(!rows.contains { $0.hasPrefix("  other: ") })
        // The man page's section of the command names the same.
        #expect(ManPage.render().contains(ManPage.paragraphs(ManPage.exitStatuses(of: spec))))
        #expect(ManPage.exitStatuses(of: spec).hasPrefix("Exit status: " + spec.statuses.map(String.init).joined(separator: ", ")))
        // docs/exit-codes.md's row for it.
        let doc = try Subprocess.read("docs/exit-codes.md")
        let table = ExitStatusDocsTests.section(doc, from: "## Statuses by command")
        let line = try #require(table.split(separator: "\n").first { $0.hasPrefix("| `\(name)` |") }, "docs/exit-codes.md has no row for \(name)")
        let cell = line.split(separator: "|")[1].split(separator: ";")[0]
        #expect(cell.split(separator: ",").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) } == spec.statuses, "\(line)")
        #expect(!line.contains("the program's status"), "\(line)")
    }
}
