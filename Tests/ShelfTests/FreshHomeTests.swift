import Testing

/// In a home where nothing is stored, the commands that only look, and a clear that finds nothing
/// to do, answer and create nothing: no base folder, no namespace folder.
@Suite struct FreshHomeTests {
    /// The words, the status, standard output (nil: judged elsewhere) and the stored path standard
    /// error names (nil: it says nothing).
    @Test(arguments: [
        (["exists", "caches", "a/b/c"], 1, "", nil), (["list", "-lR", "caches"], 0, "", nil), (["apps"], 0, "", nil), (["capacity"], 0, nil, nil),
        (["do-not-backup", "documents", "none.txt"], 66, "", "docs/shelf/none.txt"), (["backup", "documents", "none.txt"], 66, "", "docs/shelf/none.txt"),
        (["clear", "documents", "--json"], 0, #"{"removed":0,"freedBytes":0,"failed":[],"skipped":0,"dryRun":false,"removedPaths":null}"# + "\n", nil),
    ] as [([String], Int32, String?, String?)])
    func aCommandInAFreshHomeCreatesNothing(_ words: [String], _ status: Int32, _ stdout: String?, _ named: String?) {
        let home = TestHome()
        let result = home.run(words)
        #expect(result.status == status, "\(result.stderr)")
        if let stdout { #expect(result.stdout == stdout) }
        #expect(named.map { result.stderr.contains(home.path($0)) } ?? result.stderr.isEmpty, "\(result.stderr)")
        #expect(home.allPaths() == ["run"])
    }
}
