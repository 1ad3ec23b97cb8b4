enum ConcurrencyScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] { [] }
}
