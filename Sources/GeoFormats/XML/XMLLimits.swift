/// Bounds a streaming XML reader holds every input to, so that no file — however large,
/// deep or hostile — can make it use unbounded memory or time.
///
/// The reader's memory is its read buffer (at most about `maxTokenBytes` plus one chunk) and
/// the open-element stack (at most `maxDepth` names): it never depends on the file's size.
public struct XMLLimits: Hashable, Sendable {
    /// Deepest element nesting accepted (GPX needs 6; extensions a few more).
    public var maxDepth: Int
    /// Longest single token: a start tag with its attributes, a comment, a processing
    /// instruction, a DOCTYPE, a CDATA section or a run of text.
    public var maxTokenBytes: Int
    /// Longest attribute value.
    public var maxAttributeBytes: Int
    /// Most attributes on one element.
    public var maxAttributes: Int

    /// Creates limits; the defaults are ``XMLLimits/default``.
    public init(
        maxDepth: Int = 256, maxTokenBytes: Int = 8 << 20, maxAttributeBytes: Int = 64 << 10,
        maxAttributes: Int = 256
    ) {
        self.maxDepth = maxDepth
        self.maxTokenBytes = maxTokenBytes
        self.maxAttributeBytes = maxAttributeBytes
        self.maxAttributes = maxAttributes
    }

    /// 256 levels, 8 MiB tokens, 64 KiB attribute values, 256 attributes per element.
    public static let `default` = XMLLimits()
}
