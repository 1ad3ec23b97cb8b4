/// The test tools' one table printer: the battery's summary and the simulator's table as aligned
/// columns, the bench's as Markdown. The first row is the header; widths count characters.
public enum TextTable {
    /// Columns two spaces apart, each as wide as its widest cell; with `rule`, dashes under the
    /// header. Unless `padLast`, the last column (free text) is not padded and its dashes are as
    /// wide as its header.
    public static func columns(_ rows: [[String]], rule: Bool = false, padLast: Bool = true) -> String {
        var widths = columnWidths(rows)
        if !padLast { widths[widths.count - 1] = rows[0].last!.count }
        let dashes = widths.map { String(repeating: "-", count: $0) }
        if !padLast { widths[widths.count - 1] = 0 }
        return (rule ? [rows[0], dashes] + rows.dropFirst() : rows).map { cells in
            zip(cells, widths).map { $0 + String(repeating: " ", count: max(0, $1 - $0.count)) }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// A Markdown table, aligned, a `|` in a cell (an `ls -f | wc -l` baseline) escaped; ends with a newline.
    public static func markdown(_ rows: [[String]]) -> String {
        let rows = rows.map { $0.map { $0.replacing("|", with: "\\|") } }, widths = columnWidths(rows)
        let lines = rows.map { "| " + zip($0, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |" }
        return ([lines[0], "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"] + lines.dropFirst()).joined(separator: "\n") + "\n"
    }

    static func columnWidths(_ rows: [[String]]) -> [Int] { rows[0].indices.map { column in rows.map { $0[column].count }.max()! } }
}
