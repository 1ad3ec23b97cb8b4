enum ArgvFuzzScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] { [] }
}
