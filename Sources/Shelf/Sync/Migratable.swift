/// A value that mirrors a counterpart kept in some context (a file in a folder, a row in a
/// database, an entry in memory), so that a list of values can be synchronized with what the
/// context holds: see `Sequence.synchronize(entities:in:)`.
public protocol Migratable: Equatable {
    /// What the context stores for one value.
    associatedtype Counterpart
    /// Where counterparts live.
    associatedtype Context

    /// The value a counterpart stands for; nil when it stands for none (it is then left alone).
    static func build(from counterpart: Counterpart) -> Self?
    /// Writes the value into `context`, replacing a counterpart with the same identity.
    @discardableResult
    func export(toContext context: Context) throws -> Counterpart
    /// Removes `counterpart` from `context`. Because additions are exported before removals
    /// are deleted, a context keyed by identity must delete a counterpart only while it still
    /// holds that counterpart (a changed value has just replaced it).
    static func delete(counterpart: Counterpart, fromContext context: Context) throws
    /// Checks the values before anything changes (for example that their ids are unique and
    /// usable as names); the default accepts everything.
    static func validate(_ values: [Self], in context: Context) throws
}

extension Migratable {
    public static func validate(_ values: [Self], in context: Context) throws {}

    /// Exports this one value into `context`.
    @discardableResult
    public func add(to context: Context) throws -> Counterpart {
        try export(toContext: context)
    }
}

/// What a synchronization changed: the values exported and the values whose counterparts were
/// deleted. A changed value appears in both (its new state in `added`, its old one in `removed`).
public struct SynchronizeResult<Element> {
    public let added: [Element]
    public let removed: [Element]

    public init(added: [Element], removed: [Element]) {
        self.added = added
        self.removed = removed
    }
}

extension SynchronizeResult: Sendable where Element: Sendable {}
extension SynchronizeResult: Equatable where Element: Equatable {}

extension Sequence where Element: Migratable {
    /// Makes `context` hold exactly the values of this sequence. `entities` are the counterparts
    /// it holds now: those whose value is not in the sequence are deleted, and the values not
    /// among them are exported; equal values are left untouched. `Element.validate` runs first,
    /// so a refused list changes nothing. Additions are exported before removals are deleted.
    ///
    /// Comparison uses `==`; it is linear when the values are `Hashable` (or `Identifiable`,
    /// where equal values have equal ids), quadratic otherwise.
    @discardableResult
    public func synchronize(entities: [Element.Counterpart], in context: Element.Context) throws -> SynchronizeResult<Element> {
        let wanted = Array(self)
        try Element.validate(wanted, in: context)
        let existing = entities.compactMap { counterpart in Element.build(from: counterpart).map { ($0, counterpart) } }
        let existingIndex = EqualityIndex(existing.map(\.0))
        var addedIndex = EqualityIndex<Element>([])
        var added: [Element] = []
        for value in wanted where !existingIndex.contains(value) && !addedIndex.contains(value) {
            added.append(value)
            addedIndex.insert(value)
        }
        let wantedIndex = EqualityIndex(wanted)
        let removed = existing.filter { !wantedIndex.contains($0.0) }
        for value in added { try value.export(toContext: context) }
        for (_, counterpart) in removed { try Element.delete(counterpart: counterpart, fromContext: context) }
        return SynchronizeResult(added: added, removed: removed.map(\.0))
    }

    /// Exports every value into `context` (after `Element.validate`), replacing counterparts
    /// with the same identity and deleting nothing.
    @discardableResult
    public func add(to context: Element.Context) throws -> [Element.Counterpart] {
        let values = Array(self)
        try Element.validate(values, in: context)
        return try values.map { try $0.export(toContext: context) }
    }
}

/// Finds equal values without comparing against every one: values are bucketed by their hash
/// when `Hashable`, else by their id when `Identifiable`, else all share one bucket.
struct EqualityIndex<Element: Equatable> {
    private var buckets: [AnyHashable: [Element]] = [:]

    init(_ values: [Element]) {
        for value in values { insert(value) }
    }

    mutating func insert(_ value: Element) {
        buckets[Self.bucket(of: value), default: []].append(value)
    }

    func contains(_ value: Element) -> Bool {
        buckets[Self.bucket(of: value)]?.contains(value) ?? false
    }

    private static func bucket(of value: Element) -> AnyHashable {
        if let hashable = value as? any Hashable { return AnyHashable(hashable) }
        if let identifiable = value as? any Identifiable { return idKey(identifiable) }
        return AnyHashable(0)
    }

    private static func idKey<T: Identifiable>(_ value: T) -> AnyHashable {
        AnyHashable(value.id)
    }
}
