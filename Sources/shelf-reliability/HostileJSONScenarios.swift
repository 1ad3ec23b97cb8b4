enum HostileJSONScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] { [] }
}
