/// Byte counts for people (`--human`): binary units, one decimal, as `1.5 GiB`. Binary because
/// file systems allocate in powers of two and `df -h` counts the same way; the `i` says so
/// unambiguously. Below 1 KiB the exact count is shown (`512 B`).
enum HumanSize {
    static let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]

    static func format(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        var divisor = 1024.0
        for (index, unit) in units.enumerated() {
            let tenths = (Double(bytes) / divisor * 10).rounded()
            // 1023.96 KiB rounds to 1024.0: show it as 1.0 MiB instead.
            if tenths < 10240 || index == units.count - 1 {
                let whole = Int64(tenths) / 10
                return "\(whole).\(Int64(tenths) % 10) \(unit)"
            }
            divisor *= 1024
        }
        return "\(bytes) B"
    }
}
