import Foundation
import Testing
@testable import ShelfCLI

@Suite struct ManPageTests {
    let home = TestHome()

    /// The checked-in page is what the table renders now: a command or option added, renamed or
    /// reworded without `make docs` fails here.
    @Test func checkedInManPageIsUpToDate() throws {
        let checkedIn = try Subprocess.read("docs/shelf.1")
        #expect(checkedIn == ManPage.render(), "docs/shelf.1 is out of date with the command table: run 'make docs' and commit the result")
    }

    @Test func generateManpagePrintsThePage() {
        let result = home.run(["--generate-manpage"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == ManPage.render())
        #expect(home.allPaths() == ["run"])
    }

    @Test func everySectionTheIssueNamesIsThere() {
        let page = ManPage.render()
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "DIRECTORIES", "ENVIRONMENT", "EXIT STATUS", "FILES", "EXAMPLES"] {
            #expect(page.contains("\n.SH \"\(section)\"\n"), "\(section)")
        }
    }

    @Test func everyVisibleCommandOptionAndExitStatusIsDocumented() {
        let page = ManPage.render()
        for command in CommandTable.visible {
            #expect(page.contains(".SS \"shelf \(ManPage.escaped(command.name))"), "\(command.name)")
            for option in command.allOptions { #expect(page.contains(ManPage.inline(option)), "\(command.name) --\(option.name)") }
            for example in command.examples { #expect(page.contains(ManPage.roff(example) + "\n"), "\(example)") }
        }
        for hidden in CommandTable.all where hidden.hidden { #expect(!page.contains(ManPage.escaped(hidden.name))) }
        for (status, _) in ExitCode.documented { #expect(page.contains(".TP\n.B \(status)\n")) }
        for option in CommandSpec.global { #expect(page.contains(ManPage.inline(option))) }
    }

    @Test func roffEscapingKeepsTextText() {
        #expect(ManPage.roff(".hidden") == "\\&.hidden")
        #expect(ManPage.roff("'quoted' word") == "\\&'quoted' word")
        #expect(ManPage.roff("a\\b --x") == "a\\eb \\-\\-x")
        #expect(ManPage.roff("[…]") == "[\\[u2026]]")
        // Refilled lines never start a request either, and stay within 80 bytes.
        let text = ManPage.paragraphs(String(repeating: "word ", count: 15) + "'tail' .dot\n\nnext")
        for line in text.split(separator: "\n") where !line.hasPrefix(".PP") {
            #expect(!line.hasPrefix(".") && !line.hasPrefix("'"))
            #expect(line.utf8.count <= 80)
        }
        #expect(text.contains("\n.PP\nnext\n"))
    }

    @Test(.enabled(if: Subprocess.which("groff") != nil))
    func groffRendersWithoutWarnings() throws {
        let result = try Subprocess.run(Subprocess.which("groff")!, ["-ww", "-z", "-man", "docs/shelf.1"],
                                        environment: ["PATH": "/usr/bin:/bin"], directory: Subprocess.repository.path)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test(.enabled(if: Subprocess.which("mandoc") != nil))
    func mandocLintFindsNothingToWarnAbout() throws {
        let result = try Subprocess.run(Subprocess.which("mandoc")!, ["-Tlint", "-W", "warning", "docs/shelf.1"],
                                        environment: ["PATH": "/usr/bin:/bin"], directory: Subprocess.repository.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).isEmpty)
    }
}
