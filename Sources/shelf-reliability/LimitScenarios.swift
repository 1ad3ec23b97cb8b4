import Foundation

/// Limits (depth is `DepthScenarios`): a folder whose highest number is 255 nines (or past UInt64)
/// then appended to; an array with 300 MB of blanks around its `]` appended to in bounded memory
/// (peak RSS, not time). Both have grown into scenarios of their own (issue 12, items 11 and 12).
enum LimitScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("limits", checked: "folder appends after 255 nines; append to an array with 300 MB of blanks in < 96 MB") { report in
            try NumberedFolderScenarios.run(battery, report)
            try ArrayBlankScenarios.run(battery, report)
        }]
    }
}
