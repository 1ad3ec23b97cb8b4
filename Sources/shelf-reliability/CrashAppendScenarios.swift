enum CrashAppendScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] { [] }
}
