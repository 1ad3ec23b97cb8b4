extension Directory {
    /// Where the directory lives, for messages (Disk's `pathDescription`, which reads
    /// `<Application_Home>/Library/Caches` and the like on iOS): the XDG folder each maps to,
    /// with `<app>` for the namespace. `Store.url(for: nil, in:)` gives the actual folder.
    public var pathDescription: String {
        switch self {
        case .documents: return "$XDG_DOCUMENTS_DIR/<app>"
        case .caches: return "$XDG_CACHE_HOME/<app>"
        case .applicationSupport: return "$XDG_DATA_HOME/<app>"
        case .temporary: return "$XDG_RUNTIME_DIR/<app>"
        case .sharedContainer(let group): return "$XDG_DATA_HOME/shelf-shared/\(group)"
        }
    }
}
