import Foundation
import Testing
@testable import shelf_bench

/// The parts of `make bench` that decide what the table says: statistics, targets, labels, the
/// report, the generated data and the Disk-style baseline. Nothing here is timed.
@Suite struct BenchHarnessTests {
    let home = TestHome()
    /// A fresh empty folder for the generated files (a test home's run folder), removed with it.
    var folder: String { home.path("run") }

    /// Median and quartiles by interpolation; one slow run does not move the median.
    @Test(arguments: [([4, 1, 3, 2], 2.5, 1.75, 3.25, 0.6), ([1, 1, 1, 1, 100], 1, 1, 1, 0)]
          as [([Double], Double, Double, Double, Double)])
    func summaryTakesMedianAndQuartiles(_ samples: [Double], _ median: Double, _ lower: Double, _ upper: Double, _ spread: Double) {
        let summary = Summary(samples)
        #expect(summary.median == median)
        #expect(summary.lowerQuartile == lower)
        #expect(summary.upperQuartile == upper)
        #expect(summary.spread == spread)
    }

    /// The report's machine line comes from /proc, whose files have no size: read to their end.
    @Test func theMachineLineNamesTheMachine() {
        let machine = Machine.describe()
        #expect(machine.memoryGiB > 0)
        #expect(machine.loadAtStart.split(separator: " ").count == 3)
    }

    @Test func targetsJudgeTheRatio() {
        #expect(Target.atMost(2).met(1.99) == true)
        #expect(Target.atMost(2).met(2.01) == false)
        #expect(Target.fasterBy(5).met(0.19) == true)
        #expect(Target.fasterBy(5).met(0.21) == false)
        #expect(Target.none.met(1) == nil)
        #expect(Target.fasterBy(100).text == "≥ 100× faster")
        #expect(Target.atMost(1.1).text == "≤ 1.1×")
    }

    @Test func labelsReadAsTheIssueWritesThem() {
        #expect(Scale.bytes(1 << 30) == "1 GiB")
        #expect(Scale.bytes(128 << 20) == "128 MiB")
        #expect(Scale.bytes(100_000_000) == "100 MB")
        #expect(Scale.count(100_000) == "100,000")
        #expect(Scale.count(999) == "999")
        #expect(Format.duration(0.000_512) == "512 µs")
        #expect(Format.duration(0.0123) == "12.3 ms")
        #expect(Format.duration(2.5) == "2.50 s")
        #expect(Format.ratio(1.5) == "1.50×")
        #expect(Format.percent(0.2) == "±10%")
    }

    static var machine: Machine { Machine(cpu: "cpu", cores: 2, memoryGiB: 1, kernel: "Linux", loadAtStart: "0", date: "today") }

    @Test func tableMarksMissesAndSkipsAndEscapesPipes() {
        let miss = CaseResult(name: "list 10 files", baseline: "ls -f | wc -l", target: "≤ 2×",
                              shelf: Summary([3]), baselineTimes: Summary([1]), ratio: Summary([3]), pass: false)
        let skipped = CaseResult(name: "clear", baseline: "rm -rf", target: "≤ 1.3×", skipped: "command not available: clear")
        let table = Report(machine: Self.machine, quick: true, shelf: "shelf", cases: [miss, skipped]).table()
        #expect(table.contains("ls -f \\| wc -l"))
        #expect(table.contains("| MISS "))
        #expect(table.contains("skipped: command not available: clear"))
    }

    @Test func generatedArrayIsValidJSONOfTheRecordShape() throws {
        let path = folder + "/array.json"
        let written = try DataFiles.writeArray(path, bytes: 100_000)
        let records = try JSONDecoder().decode([DiskRecord].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        // Past id 1000, where a record's score starts again: each record on disk is the one in memory.
        #expect(records.count == written && written > 1001)
        #expect(records == (0..<written).map(DiskRecord.init))
        #expect(DataFiles.size(of: path) >= 100_000)
    }

    /// The validator rows' JSON: valid (Foundation parses it), about the size asked, the same
    /// each time, and of its kind.
    @Test(arguments: JSONCorpus.allCases)
    func generatedCorpusIsValidJSONOfItsKind(_ kind: JSONCorpus) throws {
        let data = kind.make(bytes: 200_000)
        #expect(data.count >= 200_000 && data.count < 220_000)
        #expect(kind.make(bytes: 200_000) == data)
        let value = try JSONSerialization.jsonObject(with: Data(data), options: [.fragmentsAllowed])
        let nonASCII = data.filter { $0 >= 0x80 }.count
        switch kind {
        case .nonASCII: #expect(nonASCII > data.count / 4)
        case .strings, .numbers, .nested, .words, .escapes, .python: #expect(nonASCII == 0)
        case .twitter, .wordsNonASCII, .escapesNonASCII, .github, .geojson: #expect(nonASCII > 0)
        }
        if kind == .nested { #expect(depth(value) >= 16) }
        #expect(try ValidatorTiming.passes(data, count: 1).count == 1)
    }

    private func depth(_ value: Any) -> Int {
        if let array = value as? [Any] { return 1 + (array.map(depth).max() ?? 0) }
        if let object = value as? [String: Any] { return 1 + (object.values.map(depth).max() ?? 0) }
        return 0
    }

    @Test func diskStyleAppendKeepsEveryRecordAndAddsOne() throws {
        let path = folder + "/array.json", item = folder + "/item.json"
        try DataFiles.writeArray(path, count: 3)
        try writeText(item, DataFiles.record(42))
        try DiskStyleAppend.run(file: path, item: item)
        let records = try JSONDecoder().decode([DiskRecord].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(records.map(\.id) == [0, 1, 2, 42])
    }

    @Test func diskStyleFolderRetrieveFollowsTheNumbers() throws {
        for name in ["10", "2", "1", ".hidden"] { try writeText(folder + "/" + name, name) }
        #expect(try DiskStyle.retrieveFolder(folder).map { String(decoding: $0, as: UTF8.self) } == ["1", "2", "10"])
    }

    /// The library runner: every side runs once untimed, then in turn; `afterwards` follows each run;
    /// a failed check or side is a miss with its reason. (Nothing here is timed: the sides do no work.)
    @Test func libraryRunnerTurnsSidesAndReportsMisses() {
        final class Counts: @unchecked Sendable { var order: [String] = []; var after = 0 }
        let counts = Counts()
        func side(_ label: String) -> LibraryCase.Side {
            LibraryCase.Side(label: label, run: { _ in counts.order.append(label) }, afterwards: { counts.after += 1 })
        }
        let passing = LibraryRunner.run(LibraryCase(name: "quick", baseline: side("base"), other: side("other"),
                                                    target: .none, repetitions: 2, shelf: side("shelf")))
        #expect(counts.order == ["shelf", "base", "other", "shelf", "base", "other", "base", "other", "shelf"])
        #expect(counts.after == 9)
        #expect(passing.pass == true && passing.inProcess == true && passing.other == "other")
        #expect(passing.ratio?.samples.count == 2 && passing.otherRatio?.samples.count == 2)
        let failing = LibraryRunner.run(LibraryCase(name: "wrong", baseline: side("base"), target: .none, repetitions: 1,
                                                    shelf: side("shelf"), check: { throw BenchError("lost an item") }))
        #expect(failing.pass == false && failing.note == "lost an item" && failing.shelf != nil)
        let broken = LibraryRunner.run(LibraryCase(name: "broken", baseline: side("base"), target: .none, repetitions: 1,
                                                   shelf: .init(label: "shelf", run: { _ in throw BenchError("no space") })))
        #expect(broken.pass == false && broken.note == "no space" && broken.shelf == nil)
        let table = Report(machine: Self.machine, quick: true, shelf: "shelf", cases: [passing, failing, broken]).table()
        #expect(table.hasPrefix("The Swift library, in process:"))
        #expect(table.contains("| other ") && table.contains("| MISS ") && table.contains("| error "))
    }
}
