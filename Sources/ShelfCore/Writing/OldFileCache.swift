/// A save that replaces a large file lets the old file's cached pages go before it writes the
/// new one. Otherwise both copies are in memory at once: on a virtual machine whose unused memory
/// goes back to the host, every page of the new file is then memory the guest must fault in anew,
/// and replacing a 1 GiB file cost three times the system time of writing a new one (issue 16,
/// part 2; `cat > f` frees the old pages first, by truncating). The old file stays whole on disk
/// until the rename: a reader meanwhile reads it from there.
enum OldFileCache {
    /// Smaller files are not worth an extra open.
    static let threshold: Int64 = 8 << 20

    /// - Parameter status: the target's `lstat`, just taken (nil: nothing there).
    static func release(_ target: Target, _ status: FileStatus?) {
        guard let st = status, st.isRegularFile, st.size >= threshold,
              let old = try? target.folder.open(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path) else { return }
        old.closeAfter { old in kernel.dropCachedPages(old.raw) }
    }
}
