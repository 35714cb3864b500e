/// Turns an `Encodable` value into a ``JSONValue``, so that every JSON the package writes goes
/// through one writer (``JSONValue/serialized(pretty:)``): the same numbers, escapes and bytes
/// whether a document was built by hand or encoded.
///
/// Integers below 2⁵³ in magnitude become ``JSONValue/number(_:)``, larger ones (a 64-bit checksum or seed)
/// ``JSONValue/exactNumber(_:)`` with every digit; a `nil` encoded with `encode` is `null`, one
/// encoded with `encodeIfPresent` is left out, as with Foundation's `JSONEncoder`.
public struct JSONValueEncoder {
    /// Whether object members are sorted by key (the same value then prints the same bytes
    /// whatever order its `encode(to:)` wrote them in); otherwise they keep that order.
    public var sortsKeys: Bool

    /// Creates an encoder.
    public init(sortsKeys: Bool = true) {
        self.sortsKeys = sortsKeys
    }

    /// The value as JSON.
    /// - Throws: `EncodingError.invalidValue` for a non-finite floating-point number, or a value
    ///   that encodes nothing.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = EncodingNode()
        try root.store(value, codingPath: [])
        guard let json = root.json(sortingKeys: sortsKeys) else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "\(T.self) encoded no value"))
        }
        return json
    }
}

/// A value under construction: containers hand out children and fill them in later, so the
/// tree is built by reference and turned into a ``JSONValue`` at the end.
final class EncodingNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object(keys: [String], children: [String: EncodingNode])
        case array([EncodingNode])
    }

    var content = Content.empty

    /// Encodes `value` into this node: scalars directly, anything else through its `encode(to:)`.
    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if let scalar = try Self.scalar(value, codingPath: codingPath) {
            content = .value(scalar)
        } else {
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    /// The child under `key`, made (and placed after the existing ones) on first use.
    func child(_ key: String) -> EncodingNode {
        var (keys, children) = objectParts()
        if let existing = children[key] { return existing }
        let node = EncodingNode()
        keys.append(key)
        children[key] = node
        content = .object(keys: keys, children: children)
        return node
    }

    /// A new last element.
    func appendElement() -> EncodingNode {
        var elements = arrayElements()
        let node = EncodingNode()
        elements.append(node)
        content = .array(elements)
        return node
    }

    /// The number of elements so far.
    var elementCount: Int { arrayElements().count }

    /// Makes this node an object (keeping its members if it is one already).
    func becomeObject() {
        let (keys, children) = objectParts()
        content = .object(keys: keys, children: children)
    }

    /// Makes this node an array (keeping its elements if it is one already).
    func becomeArray() {
        content = .array(arrayElements())
    }

    func json(sortingKeys: Bool) -> JSONValue? {
        switch content {
        case .empty: return nil
        case .value(let value): return value
        case .object(let keys, let children):
            let ordered = sortingKeys ? keys.sorted() : keys
            return .object(
                ordered.compactMap { key in
                    children[key]?.json(sortingKeys: sortingKeys).map { JSONMember(key, $0) }
                })
        case .array(let elements):
            return .array(elements.map { $0.json(sortingKeys: sortingKeys) ?? .null })
        }
    }

    private func objectParts() -> (keys: [String], children: [String: EncodingNode]) {
        if case .object(let keys, let children) = content { return (keys, children) }
        return ([], [:])
    }

    private func arrayElements() -> [EncodingNode] {
        if case .array(let elements) = content { return elements }
        return []
    }

    /// The JSON of a value the encoder writes itself (strings, booleans, numbers), else `nil`.
    static func scalar<T>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue? {
        switch value {
        case let v as String: return .string(v)
        case let v as Bool: return .bool(v)
        case let v as Double: return try number(v, value, codingPath)
        case let v as Float: return try number(Double(v), value, codingPath)
        case let v as Int: return integer(v)
        case let v as Int8: return integer(v)
        case let v as Int16: return integer(v)
        case let v as Int32: return integer(v)
        case let v as Int64: return integer(v)
        case let v as UInt: return integer(v)
        case let v as UInt8: return integer(v)
        case let v as UInt16: return integer(v)
        case let v as UInt32: return integer(v)
        case let v as UInt64: return integer(v)
        default: return nil
        }
    }

    private static func number(_ x: Double, _ value: Any, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard x.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "\(x) is not a JSON number"))
        }
        return .number(x)
    }

    private static func integer<I: BinaryInteger>(_ v: I) -> JSONValue {
        // Below 2⁵³ in magnitude the writer prints a Double as the integer; beyond, the digits are kept as text.
        v.magnitude < 1 << 53 ? .number(Double(v)) : .exactNumber(String(v))
    }
}

/// The `Encoder` a value's `encode(to:)` writes into one ``EncodingNode``.
struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

/// An object's members.
struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(key.stringValue).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.child(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
    }
}

/// An array's elements.
struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.elementCount }

    mutating func encodeNil() throws { node.appendElement().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = ElementKey(index: count)
        try node.appendElement().store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let key = ElementKey(index: count)
        return NodeEncoder(node: node.appendElement(), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = ElementKey(index: count)
        return NodeEncoder(node: node.appendElement(), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = ElementKey(index: count)
        return NodeEncoder(node: node.appendElement(), codingPath: codingPath + [key])
    }
}

/// A single value.
struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.store(value, codingPath: codingPath)
    }
}

/// An array element's place in a coding path.
struct ElementKey: CodingKey {
    let index: Int
    var stringValue: String { String(index) }
    var intValue: Int? { index }
    init(index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }
}
