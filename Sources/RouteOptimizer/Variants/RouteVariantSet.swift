/// K orders of the same stops for K teams: each within a stated excess over the best length,
/// sharing as few consecutive legs (in the same direction) as the solver could manage, so that no
/// team can simply follow another.
public struct RouteVariantSet: Hashable, Sendable {
    /// One order per team; the first is the best order found.
    public let variants: [RouteVariant]
    /// The excess over the best length each variant was allowed, in percent.
    public let maxExcessPercent: Double
    /// `shared[i][j]`: directed legs variant i and variant j have in common.
    public let shared: [[Int]]

    /// The shortest variant's length.
    public var shortest: Int { variants.map(\.solution.length).min() ?? 0 }
    /// The longest variant's length.
    public var longest: Int { variants.map(\.solution.length).max() ?? 0 }
    /// Longest minus shortest.
    public var spread: Int { longest - shortest }
    /// The spread as a percentage of the shortest length.
    public var spreadPercent: Double { shortest > 0 ? 100 * Double(spread) / Double(shortest) : 0 }
}

/// One team's order within a ``RouteVariantSet``.
public struct RouteVariant: Hashable, Sendable {
    /// The order and its length.
    public let solution: RouteSolution
    /// How much longer than the best variant, in percent.
    public let excessPercent: Double
    /// Directed legs this variant shares with any earlier variant.
    public let sharedLegs: Int
}
