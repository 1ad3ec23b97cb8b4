import Foundation

/// Every command with standard input, output or error closed (`<&-`, `>&-`, `2>&-`): a file
/// shelf opens then gets descriptor 0, 1 or 2, and whatever shelf reads from or writes to that
/// descriptor must not be a stored file. Compared with the same command run with the streams
/// open: the same status (74 allowed where output was lost) and the same stored files, byte for
/// byte. A closed standard input is no input (issue 21, item 11): a command that reads it is
/// refused (64) and changes nothing; this group once compared it with an empty input, and so
/// took `save` over a stored file with nothing for right.
enum ClosedDescriptorScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("closed descriptors", checked: "every command with <&-, >&-, 2>&-: same status and stored bytes as with open streams; <&- where input is read: 64, nothing changed") { report in
            let untouched = try Invocation.untouched()
            for invocation in Invocation.all {
                let (reference, stored) = try invocation.run(battery)
                for redirect in ["<&-", ">&-", "2>&-"] {
                    let (result, after) = try invocation.run(battery, redirect: redirect)
                    let readsInput = invocation.input != nil && redirect == "<&-"
                    let (expected, expectedStored) = readsInput ? (Int32(64), untouched) : (reference.status, stored)
                    var checks = Checks()
                    checks.expectNoCrashReport(result, invocation.label)
                    var allowed: Set<Int32> = [expected]
                    if redirect == ">&-" && !reference.stdout.isEmpty { allowed.insert(74) }
                    checks.expect(result, in: allowed, "\(invocation.label) \(redirect)")
                    if after != expectedStored && result.status == expected {
                        let differ = Set(after).symmetricDifference(expectedStored).sorted().prefix(3)
                        checks.add("stored files differ from \(readsInput ? "the files before" : "an ordinary run"): \(differ)")
                    }
                    report.record(checks.problems, run: "\(invocation.label) \(redirect)")
                }
            }
        }]
    }
}
