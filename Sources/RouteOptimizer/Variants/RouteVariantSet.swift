/// Up to K orders of the same stops for K teams: each within a stated excess over the shortest,
/// sharing as few consecutive legs (in the same direction) as the solver could manage, so that no
/// team can simply follow another. Fewer than K when no more different orders fit the excess.
public struct RouteVariantSet: Hashable, Sendable {
    /// One order per team; the first is the best order found.
    public let variants: [RouteVariant]
    /// How many variants were asked for (``variants`` may hold fewer: only those within the bound).
    public let requested: Int
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
    /// Whether fewer variants than ``requested`` fit the bound.
    public var isShort: Bool { variants.count < requested }
    /// A sentence for a report when ``isShort``: `only 2 of 4 variants fit within 5 % of the shortest`; `nil` otherwise.
    public var shortfall: String? {
        guard isShort else { return nil }
        let excess =
            maxExcessPercent == maxExcessPercent.rounded() && maxExcessPercent < 1e15
            ? String(Int64(maxExcessPercent)) : String(maxExcessPercent)
        return "only \(variants.count) of \(requested) variants fit within \(excess) % of the shortest"
    }
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
