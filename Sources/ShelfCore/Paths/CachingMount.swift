/// GlusterFS mounts whose client caches serve another host's old bytes under a lock (issue 24).
///
/// A lock orders writers, but it says nothing to a cache: with Gluster's default client
/// translators (quick-read, md-cache, …) and the kernel's FUSE attribute and page caches, a host
/// that takes a file's lock still reads, for about a second, the size and bytes it saw before
/// another host's last change (measured: 399 of 400 reads stale). An append that splices at a
/// stale end, an update that rewrites stale content, an edit or a sync that compares with it,
/// corrupts the file or loses the other host's change. Whole-file saves, copies, moves, renames,
/// removals and `clear` read nothing they write back, and stay atomic there.
///
/// So the commands that change a file from its content (`append`, `update`, `edit`, `sync`)
/// refuse a GlusterFS mount unless every cache is off: the client graph (the mount's
/// `.meta/graphs/active/volfile`) holds no caching translator, and the client process was started
/// with the kernel's timeouts at 0 and `fopen-keep-cache` off (`.meta/cmdline`). Other FUSE and
/// network file systems cannot be asked; docs/file-systems.md says what they need.
enum CachingMount {
    /// Client translators that keep data, attributes or names between calls.
    static let cachingTranslators = [
        "performance/quick-read", "performance/io-cache", "performance/read-ahead", "performance/md-cache",
        "performance/open-behind", "performance/write-behind", "performance/readdir-ahead", "performance/nl-cache",
    ]
    /// The client's command-line options that turn the kernel's caches off.
    static let requiredOptions = ["--attribute-timeout=0", "--entry-timeout=0", "--negative-timeout=0", "--fopen-keep-cache=false"]

    /// What makes a mount safe, for the message.
    static let advice = "mount it with every client cache off: 'gluster volume set <volume> performance.<cache> off' for "
        + "quick-read, io-cache, read-ahead, stat-prefetch, open-behind, write-behind, readdir-ahead and nl-cache, and start "
        + "the client as 'glusterfs --attribute-timeout=0 --entry-timeout=0 --negative-timeout=0 --fopen-keep-cache=false "
        + "--volfile-server=<server> --volfile-id=<volume> <mount point>' (docs/file-systems.md)"

    /// Refuses a change made from a file's content in `folder` when it lies on a GlusterFS mount
    /// with a cache on. Costs one `fstatfs` off FUSE.
    /// - Throws: `unsupported` (74) naming `path`, what is cached and the options that fix it.
    static func refuseInPlaceChanges(in folder: FileDescriptor, path: String) throws {
        guard NetworkFileSystem.isFUSE(folder), let cached = cachesOfGlusterMount(holding: folder) else { return }
        throw ShelfError.unsupported(
            path: path, reason: "this GlusterFS mount caches \(cached), so another host's last change may be unseen "
                + "even under the file's lock and this change would corrupt the file; \(advice)")
    }

    /// What the GlusterFS mount holding `folder` caches ("" for nothing: nil), or nil when it is
    /// another file system or cannot be inspected.
    static func cachesOfGlusterMount(holding folder: FileDescriptor) -> String? {
        guard let id = (try? kernel.statusAndMount(of: SystemString(""), in: folder.raw))?.mount,
              let entry = MountTable.read()?.first(where: { $0.id == id }),
              entry.type == Array("fuse.glusterfs".utf8)
        else { return nil }
        let meta = String(decoding: entry.mountPoint, as: UTF8.self) + "/.meta/"
        let graph = (try? FileDescriptor.readSmallFile(meta + "graphs/active/volfile")) ?? nil
        let cmdline = (try? FileDescriptor.readSmallFile(meta + "cmdline")) ?? nil
        return caches(volfile: graph.map { String(decoding: $0, as: UTF8.self) }, cmdline: cmdline.map { String(decoding: $0, as: UTF8.self) })
    }

    /// The caches named by a client volfile (`type performance/…` lines) and a client command
    /// line; nil when none. A file that cannot be read counts as caching (its default).
    static func caches(volfile: String?, cmdline: String?) -> String? {
        var found: [String] = []
        if let volfile {
            let types = volfile.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                return words.count == 2 && words[0] == "type" ? String(words[1]) : nil
            }
            found += cachingTranslators.filter(types.contains).map { String($0.dropFirst("performance/".count)) }
        } else {
            found.append("its client graph (unreadable)")
        }
        let words = Set((cmdline ?? "").split(whereSeparator: { $0 == " " || $0 == "\"" }).map(String.init))
        let missing = requiredOptions.filter { !words.contains($0) }
        if !missing.isEmpty { found.append("in the kernel (started without \(missing.joined(separator: " ")))") }
        return found.isEmpty ? nil : found.joined(separator: ", ")
    }
}
