import FoundationEssentials
import ShelfTestSupport

/// The whole run: what `--json` prints, so that runs can be compared between commits.
struct Report: Codable {
    var units = "times in seconds, memory in KiB, ratios shelf ÷ baseline"
    var machine: Machine
    var quick: Bool
    var shelf: String
    var cases: [CaseResult]

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// The command-line table, then the library's (in process), then the notes.
    func table() -> String {
        var notes: [String] = []
        for result in cases { if let note = result.note { notes.append("- \(result.name): \(note)") } }
        var text = cases.contains(where: { $0.inProcess != true }) ? TextTable.markdown(rows(library: false)) : ""
        if cases.contains(where: { $0.inProcess == true }) {
            text += (text.isEmpty ? "" : "\n") + "The Swift library, in process:\n\n" + TextTable.markdown(rows(library: true))
        }
        if let slowest = cases.filter({ $0.rateMBps != nil }).min(by: { $0.rateMBps! < $1.rateMBps! }) {
            notes.insert("- The validator's headline, its slowest corpus: \(slowest.name) at \(Int(slowest.rateMBps!)) MB/s", at: 0)
        }
        if !notes.isEmpty { text += "\n" + notes.joined(separator: "\n") + "\n" }
        text += """

            Times are medians with ± half the interquartile range; the ratio is shelf ÷ baseline, \
            the median of the interleaved pairs; the CPU ratio is the same for user + system CPU time \
            (the pass/fail is judged on wall time). RSS is shelf's peak resident memory in one more run (GNU time's %M).
            Library rows run in this process: the target is judged against the first baseline; the other \
            column is shelf's ratio to the same strategy with (or without) an fsync of the file and its folder.
            Machine: \(machine.summary)

            """
        return text
    }

    /// The command line's rows (`library` false) or the library's (in process), under their header.
    private func rows(library: Bool) -> [[String]] {
        let others: [String] = library ? ["other baseline", "its time", "ratio to it", "CPU ratio"] : ["CPU ratio", "shelf RSS"]
        let header: [String] = ["case", "shelf", "baseline", "baseline time", "ratio", "target"] + others + ["result"]
        return [header] + cases.filter { ($0.inProcess == true) == library }.map { result -> [String] in
            let memory = result.rssLimitMiB.map { "RSS ≤ \($0) MiB" }
            let target = result.target == Target.none.text ? memory ?? result.target : result.target + (memory.map { ", " + $0 } ?? "")
            let cpu = result.cpuRatio.map { Format.ratio($0.median) } ?? "—"
            let others: [String] = library ? [result.other ?? "—", time(result.otherTimes), ratio(result.otherRatio), cpu]
                : [cpu, result.shelfMaxRSSKiB.map(Format.mebibytes) ?? "—"]
            return [result.name, time(result.shelf), result.baseline, time(result.baselineTimes), ratio(result.ratio), target] + others + [verdict(result)]
        }
    }

    /// A median as `format` writes it, with its spread.
    private func time(_ summary: Summary?, _ format: (Double) -> String = Format.duration) -> String {
        summary.map { format($0.median) + " " + Format.percent($0.spread) } ?? "—"
    }

    private func ratio(_ summary: Summary?) -> String { time(summary, Format.ratio) }

    private func verdict(_ result: CaseResult) -> String {
        if let skipped = result.skipped { return "skipped: \(skipped)" }
        switch result.pass {
        case true?: return "pass"
        case false?: return result.shelf == nil ? "error" : "MISS"
        case nil: return "reported"
        }
    }
}
