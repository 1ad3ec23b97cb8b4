import FoundationEssentials

/// `shelf-bench compare [--runs N] CMD ARGS… -- CMD ARGS…`: any two command lines, interleaved
/// like the cases, with output discarded. For questions the table does not ask, such as how a
/// build flag or an environment variable changes start-up time.
enum Compare {
    static func run(_ words: [String]) throws -> String {
        var words = words, runs = 200
        if words.first == "--runs", words.count > 1, let n = Int(words[1]) {
            runs = n
            words.removeFirst(2)
        }
        guard let split = words.firstIndex(of: "--"), split > 0, split < words.count - 1 else {
            throw BenchError("usage: shelf-bench compare [--runs N] CMD ARGS… -- CMD ARGS…")
        }
        var first = Array(words[..<split]), second = Array(words[(split + 1)...])
        first[0] = Workspace.onPath(first[0])
        second[0] = Workspace.onPath(second[0])
        Spawner.environment = ProcessInfo.processInfo.environment  // measured as the user runs them
        for command in [first, second] {
            _ = try Spawner.run(Command(arguments: command))  // warm up
        }
        var a: [Double] = [], b: [Double] = []
        for index in 0..<runs {
            let order = index % 2 == 0 ? [first, second] : [second, first]
            for command in order {
                let measured = try Spawner.run(Command(arguments: command))
                if command == first { a.append(measured.seconds) } else { b.append(measured.seconds) }
            }
        }
        let ratio = Summary(zip(a, b).map { $0 / $1 })
        let sa = Summary(a), sb = Summary(b)
        return """
            A: \(first.joined(separator: " "))
               \(Format.duration(sa.median)) \(Format.percent(sa.spread))
            B: \(second.joined(separator: " "))
               \(Format.duration(sb.median)) \(Format.percent(sb.spread))
            A ÷ B: \(Format.ratio(ratio.median)) \(Format.percent(ratio.spread)) over \(runs) pairs

            """
    }
}
