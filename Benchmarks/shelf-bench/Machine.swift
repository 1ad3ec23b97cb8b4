import Glibc

/// Where the numbers came from: they mean little without the machine and how busy it was.
struct Machine: Codable {
    var cpu: String
    var cores: Int
    var memoryGiB: Double
    var kernel: String
    var loadAtStart: String
    var loadAtEnd: String = ""
    var date: String

    static func describe() -> Machine {
        let info = (try? readText("/proc/cpuinfo")) ?? ""
        let cpu = info.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { String($0.drop { $0 == " " }) } ?? "" } ?? "unknown"
        let memory = ((try? readText("/proc/meminfo")) ?? "").split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Double($0) } } ?? 0
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: names.release) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
        return Machine(cpu: cpu, cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
                       memoryGiB: (memory / 1_048_576 * 10).rounded() / 10,
                       kernel: "Linux " + release, loadAtStart: load(), date: today())
    }

    /// The 1, 5 and 15 minute load averages.
    static func load() -> String {
        ((try? readText("/proc/loadavg")) ?? "").split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func today() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    var summary: String {
        "\(cpu), \(cores) cores, \(Format.number(memoryGiB)) GiB, \(kernel); load \(loadAtStart) → \(loadAtEnd); \(date)"
    }
}
