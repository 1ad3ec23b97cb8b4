/// The places Disk knows, mapped onto the XDG Base Directory spec by `Locations`.
public enum Directory: Sendable, Hashable {
    /// User-visible documents: `$XDG_DOCUMENTS_DIR/<app>`.
    case documents
    /// Data that can be re-created: `$XDG_CACHE_HOME/<app>`, tagged with `CACHEDIR.TAG`.
    case caches
    /// Data the app needs to run: `$XDG_DATA_HOME/<app>`.
    case applicationSupport
    /// Scratch space: `$XDG_RUNTIME_DIR/<app>`, else a private `$TMPDIR/<app>-<uid>`.
    case temporary
    /// A folder shared by every app namespace that names the same group.
    case sharedContainer(appGroupName: String)

    /// The four directories that need no group name, in the order `shelf dirs` shows them.
    public static let standard: [Directory] = [.documents, .caches, .applicationSupport, .temporary]

    /// Disk's name for the directory (`sharedContainer:<group>` for a shared container).
    public var name: String {
        switch self {
        case .documents: return "documents"
        case .caches: return "caches"
        case .applicationSupport: return "applicationSupport"
        case .temporary: return "temporary"
        case .sharedContainer(let group): return "sharedContainer:\(group)"
        }
    }

    /// Parses Disk's names case-insensitively, also in kebab form (`application-support`,
    /// `shared-container:<group>`). The group name keeps its exact bytes; `Locations` validates it.
    package init?(parsing text: String) {
        let colon = text.firstIndex(of: ":")
        let group = colon.map { String(text[text.index(after: $0)...]) }
        let key = text[..<(colon ?? text.endIndex)].lowercased().filter { $0 != "-" && $0 != "_" }
        switch (key, group) {
        case ("documents", nil): self = .documents
        case ("caches", nil): self = .caches
        case ("applicationsupport", nil): self = .applicationSupport
        case ("temporary", nil): self = .temporary
        case ("sharedcontainer", let g?): self = .sharedContainer(appGroupName: g)
        default: return nil
        }
    }

    /// Every spelling a user may type, for suggestions and shell completion.
    package static let spellings = ["documents", "caches", "applicationSupport", "application-support",
                                   "temporary", "sharedContainer:", "shared-container:"]
}
