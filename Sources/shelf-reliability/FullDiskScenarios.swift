enum FullDiskScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] { [] }
}
