/// The files whose locks the `update` processes running this one hold while their command
/// runs: `SHELF_UPDATE_LOCKS`, a list of `<device>:<inode>` separated by spaces, which `update`
/// adds its file to in the command's environment. A shelf started by that command (directly or
/// further down) that must wait for one of these locks would wait for its own ancestor, which
/// waits for it: it fails at once with a message instead (docs/scripting.md, "update").
package enum UpdateLocks {
    package static let variable = "SHELF_UPDATE_LOCKS"

    /// The identities this process inherited; read once from its real environment, since only a
    /// process started by `update` can have them. Every copy counts where the variable is set more
    /// than once: waiting on a lock any of them names could wait forever.
    static let inherited: [FileIdentity] = ProcessState.environmentValues(variable).flatMap(parse)

    /// `<device>:<inode>` words; anything else is ignored.
    static func parse(_ value: [UInt8]) -> [FileIdentity] {
        value.split(separator: UInt8(ascii: " ")).compactMap { word in
            let parts = word.split(separator: UInt8(ascii: ":"))
            guard parts.count == 2, let device = UInt64(String(decoding: parts[0], as: UTF8.self)),
                  let inode = UInt64(String(decoding: parts[1], as: UTF8.self)) else { return nil }
            return FileIdentity(device: device, inode: inode)
        }
    }

    /// The value for a command run while `files` are locked, keeping what this process inherited.
    package static func value(adding files: [FileDescriptor], to inheritedValue: String?) throws -> String {
        let words = try files.map { try $0.status() }.map { "\($0.device):\($0.inode)" }
        return ([inheritedValue ?? ""] + words).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
