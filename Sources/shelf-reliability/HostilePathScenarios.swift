enum HostilePathScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] { [] }
}
