import GeoCore

/// The contents of a ``GridIndex``: immutable after building, shared by every copy.
@usableFromInline
final class GridStorage: Sendable {
    @usableFromInline let fences: [Fence]
    @usableFromInline let layout: GridLayout
    @usableFromInline let cells: CellTable
    /// Fence positions in cell order; each cell owns one run of this array.
    @usableFromInline let entries: ContiguousArray<Int32>
    @usableFromInline let probes: ContiguousArray<FenceProbe>
    /// The polygon fences, in order; a probe's `polygonSlot` points here.
    @usableFromInline let polygons: [PolygonFence]
    /// Fences too large to register cell by cell, tested by every query; sorted.
    @usableFromInline let oversized: ContiguousArray<Int32>

    init(fences: [Fence], layout: GridLayout, cells: CellTable, entries: ContiguousArray<Int32>,
         probes: ContiguousArray<FenceProbe>, polygons: [PolygonFence], oversized: ContiguousArray<Int32>) {
        self.fences = fences
        self.layout = layout
        self.cells = cells
        self.entries = entries
        self.probes = probes
        self.polygons = polygons
        self.oversized = oversized
    }
}
