import ShelfCore

/// The command line of the simulator (docs/reliability.md, "Power loss").
struct Options {
    var quick = false
    var seed: UInt64 = 0
    var only: [String] = []
    var model = PersistenceModel.strict
    var modelName = "strict"
    var syncAnalysis = false
    var replay: String?
    var list = false
    var nested = true

    /// The options a replay needs to rebuild the same image (the model and its switches).
    var modelFlags: String {
        var flags: [String] = []
        if modelName != "strict" { flags += ["--model", modelName] }
        if model.ignoreFolderSyncAfterRename { flags += ["--break", "folder-sync-after-rename"] }
        if model.ignoreDataSyncBeforeRename { flags += ["--break", "data-sync-before-rename"] }
        return flags.map { $0 + " " }.joined()
    }

    static let usage = """
        usage: shelf-crashsim [--quick] [--seed N] [--only NAME,…] [--model strict|ext4]
                              [--break folder-sync-after-rename|data-sync-before-rename]
                              [--syncs] [--no-nested] [--replay TOKEN] [--list]
        """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        options.seed = UInt64(ProcessState.now()) % 1_000_000
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw ScenarioFailed(description: "\(flag) needs a value\n\(usage)") }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--seed":
                guard let seed = UInt64(try value(argument)) else { throw ScenarioFailed(description: "--seed takes a number") }
                options.seed = seed
            case "--only": options.only = try value(argument).split(separator: ",").map(String.init)
            case "--model":
                options.modelName = try value(argument)
                switch options.modelName {
                case "strict": options.model = .strict
                case "ext4": options.model = .ext4
                default: throw ScenarioFailed(description: "--model is strict or ext4")
                }
            case "--break":
                switch try value(argument) {
                case "folder-sync-after-rename": options.model.ignoreFolderSyncAfterRename = true
                case "data-sync-before-rename": options.model.ignoreDataSyncBeforeRename = true
                default: throw ScenarioFailed(description: "--break is folder-sync-after-rename or data-sync-before-rename")
                }
            case "--syncs": options.syncAnalysis = true
            case "--no-nested": options.nested = false
            case "--replay": options.replay = try value(argument)
            case "--list": options.list = true
            case "-h", "--help": throw ScenarioFailed(description: usage)
            default: throw ScenarioFailed(description: "unknown argument \(argument)\n\(usage)")
            }
        }
        return options
    }

    var settings: Settings {
        var settings = Settings()
        settings.model = model
        settings.seed = seed
        if quick {
            settings.limits = CrashImages.Limits(exhaustive: 256, sampled: 48)
            settings.nestedRecoveries = 25
        } else {
            settings.limits = CrashImages.Limits(exhaustive: 1024, sampled: 200)
            settings.nested = CrashImages.Limits(exhaustive: 64, sampled: 32)
            settings.nestedRecoveries = 400
        }
        if !nested { settings.nestedRecoveries = 0 }
        return settings
    }

    /// The scenarios `--only` names (all when it names none); an unknown name is an error.
    func scenarios() throws -> [Scenario] {
        guard !only.isEmpty else { return Scenarios.all }
        for name in only where !Scenarios.all.contains(where: { $0.name == name }) {
            throw ScenarioFailed(description: "no scenario \(name); --list shows them")
        }
        return Scenarios.all.filter { only.contains($0.name) }
    }
}
