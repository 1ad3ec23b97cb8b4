import Glibc
import ShelfCore

/// The JSON validator on its own, in this process, on data in memory: MB/s per kind of JSON on
/// one thread; then what validation adds to a durable save, against `save --raw` of the same bytes.
extension Cases {
    /// The floor in MB/s, the same for every corpus: the validator's speed must not depend on the
    /// data's shape, and the table's headline is the slowest corpus (Report.swift).
    static let validatorTarget = 2000.0

    /// 16 MiB stays in this machine's 32 MiB L3 cache, as the 1 MiB buffers of a save do (the
    /// validator reads each one just after the kernel wrote it); a full run also gives the rate
    /// on 64 MiB, which comes from main memory.
    static func validator(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let size = 16 << 20, passes = scale.quick ? 7 : 15
        return JSONCorpus.allCases.map { kind in
            let name = "validate \(kind.label) JSON in memory (\(Scale.bytes(size)))"
            let target = validatorTarget
            return .custom(name: name, commands: []) {
                var result = CaseResult(name: name, baseline: "—", target: "≥ \(Scale.count(Int(target))) MB/s")
                do {
                    let (cpu, rate, wallRate) = try ValidatorTiming.rates(kind.make(bytes: size), passes: passes)
                    result.shelf = cpu
                    result.pass = rate >= target
                    result.rateMBps = rate
                    var note = "\(Scale.count(Int(rate))) MB/s on the thread's CPU time (\(Scale.count(Int(wallRate))) MB/s wall)"
                    if !scale.quick {
                        let (_, bigRate, _) = try ValidatorTiming.rates(kind.make(bytes: 64 << 20), passes: 5)
                        note += "; \(Scale.count(Int(bigRate))) MB/s on 64 MiB"
                    }
                    result.note = note
                } catch {
                    result.pass = false
                    result.note = "the generated JSON was refused: \(error)"
                }
                return result
            }
        }
    }

    /// `save` of a JSON file against `save --raw` of the same file, both durable, interleaved,
    /// for every corpus (what validation adds must not depend on the data either).
    static func validatedSave(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        JSONCorpus.allCases.map { kind in
            let source = w.plain("save-\(kind.rawValue).json")
            let checked = w.caches() + "/checked.json", raw = w.caches() + "/raw.json"
            return .paired(BenchCase(
                name: "validated save vs --raw save, \(Scale.bytes(scale.bigJSON)) \(kind.label), durable",
                shelf: Side(label: "shelf save", prepare: fresh(checked)) { _ in
                    shelf(w, "save", "caches", "checked.json", input: .file(source))
                },
                baseline: Side(label: "shelf save --raw", prepare: fresh(raw)) { _ in
                    shelf(w, "save", "caches", "raw.json", "--raw", input: .file(source))
                },
                target: .atMost(1.3), rssLimitMiB: 32, repetitions: scale.durable, warmUp: true,
                setUp: {
                    let writer = try Writer(source)
                    defer { writer.close() }
                    try writer.write(kind.make(bytes: scale.bigJSON))
                },
                tearDown: { w.remove(source, checked, raw) }))
        }
    }
}

enum ValidatorTiming {
    /// The thread's CPU time and the wall time of each pass over `data`, after one untimed pass.
    /// CPU time is what the validator costs; wall time also counts whatever else the machine ran.
    static func passes(_ data: [UInt8], count: Int, chunk: Int = 1 << 20) throws -> [LibraryRunner.Timing] {
        try data.withUnsafeBytes { bytes in
            try validate(bytes, chunk: chunk)
            return try (0..<count).map { _ in try LibraryRunner.timed { try validate(bytes, chunk: chunk) } }
        }
    }

    /// The median CPU time per pass, and the MB/s it and the median wall time give.
    static func rates(_ data: [UInt8], passes count: Int) throws -> (cpu: Summary, rate: Double, wallRate: Double) {
        let timed = try passes(data, count: count)
        let cpu = Summary(timed.map(\.cpuSeconds)), wall = Summary(timed.map(\.seconds))
        return (cpu, Double(data.count) / cpu.median / 1e6, Double(data.count) / wall.median / 1e6)
    }

    static func validate(_ bytes: UnsafeRawBufferPointer, chunk: Int) throws {
        var validator = JSONValidator()
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            try validator.consume(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
            offset = end
        }
        try validator.finish()
    }
}
