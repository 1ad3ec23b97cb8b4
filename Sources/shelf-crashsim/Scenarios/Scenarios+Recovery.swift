extension Scenarios {
    /// Recoveries: a crashed append is repaired by the next command, which may itself be cut
    /// short by a second power cut.
    static var recoveries: [Scenario] {
        let array = [Command("save documents j.json", input: "[1,2]\n"), Command("append documents j.json", input: "3")]
        return [
            Scenario(name: "recover-rollback", summary: "retrieve rolls back an append torn by a power cut",
                     setup: array, damage: Damage(command: Command("append documents j.json", input: json("torn", size: 300)), cut: .tornData),
                     steps: [Command("retrieve documents j.json")], probe: "j.json"),
            Scenario(name: "recover-commit", summary: "append finds a finished append whose commit was lost, and keeps it",
                     setup: array, damage: Damage(command: Command("append documents j.json", input: "4"), cut: .commitLost),
                     steps: [Command("append documents j.json", input: "5")], probe: "j.json"),
            Scenario(name: "recover-move", summary: "move of a file whose append was torn: rolled back, journal removed, moved",
                     setup: array, damage: Damage(command: Command("append documents j.json", input: "\"x\""), cut: .tornData),
                     steps: [Command("move documents j.json temporary")],
                     oracle: .transfer(source: "documents", target: "temporary"), probe: "j.json"),
        ]
    }
}
