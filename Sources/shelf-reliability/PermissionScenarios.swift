enum PermissionScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] { [] }
}
