/// One step of a coding path, kept cheap while coding (an index needs no key value until a
/// path is asked for).
enum CodingPathElement {
    case key(any CodingKey)
    case index(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): return key
        case .index(let index): return IndexCodingKey(index)
        }
    }
}

/// The key of an array element in a coding path, as Foundation names it (`Index 3`).
struct IndexCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) {
        self.init(intValue)
    }
}

extension Array where Element == CodingPathElement {
    func codingPath(_ count: Int, plus extra: [CodingPathElement] = []) -> [any CodingKey] {
        (self[0..<Swift.min(count, self.count)] + extra).map(\.codingKey)
    }
}
