import FoundationEssentials

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

    /// One Markdown table (it reads as plain text too), then the notes.
    func table() -> String {
        var rows: [[String]] = [[
            "case", "shelf", "baseline", "baseline time", "ratio", "target", "CPU ratio", "shelf RSS", "result",
        ]]
        var notes: [String] = []
        for result in cases {
            var row = [result.name]
            if let shelf = result.shelf {
                row.append(Format.duration(shelf.median) + " " + Format.percent(shelf.spread))
            } else {
                row.append("—")
            }
            row.append(result.baseline)
            row.append(result.baselineTimes.map { Format.duration($0.median) + " " + Format.percent($0.spread) } ?? "—")
            row.append(result.ratio.map { Format.ratio($0.median) + " " + Format.percent($0.spread) } ?? "—")
            let memory = result.rssLimitMiB.map { "RSS ≤ \($0) MiB" }
            row.append(result.target == Target.none.text ? memory ?? result.target
                       : result.target + (memory.map { ", " + $0 } ?? ""))
            row.append(result.cpuRatio.map { Format.ratio($0.median) } ?? "—")
            row.append(result.shelfMaxRSSKiB.map(Format.mebibytes) ?? "—")
            row.append(verdict(result))
            rows.append(row)
            if let note = result.note { notes.append("- \(result.name): \(note)") }
        }
        var text = markdown(rows)
        if !notes.isEmpty { text += "\n" + notes.joined(separator: "\n") + "\n" }
        text += """

            Times are medians with ± half the interquartile range; the ratio is shelf ÷ baseline, \
            the median of the interleaved pairs; the CPU ratio is the same for user + system CPU time \
            (the pass/fail is judged on wall time). RSS is shelf's peak resident memory in one more run (GNU time's %M).
            Machine: \(machine.summary)

            """
        return text
    }

    private func verdict(_ result: CaseResult) -> String {
        if let skipped = result.skipped { return "skipped: \(skipped)" }
        switch result.pass {
        case true?: return "pass"
        case false?: return result.shelf == nil ? "error" : "MISS"
        case nil: return "reported"
        }
    }

    private func markdown(_ rows: [[String]]) -> String {
        // A '|' inside a cell (the `ls -f | wc -l` baseline) would split it.
        let rows = rows.map { $0.map { $0.replacing("|", with: "\\|") } }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ row: [String]) -> String {
            "| " + row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }.joined(separator: " | ") + " |"
        }
        var out = [line(rows[0]), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
        out += rows.dropFirst().map(line)
        return out.joined(separator: "\n") + "\n"
    }
}
