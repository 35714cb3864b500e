/// A hit of the batch query held until its block's hits are handed out: the position as an
/// offset from the block's first, and the fence.
@usableFromInline
struct QueryHit {
    @usableFromInline var offset: UInt32
    @usableFromInline var fence: Int32

    @inlinable
    init(offset: UInt32, fence: Int32) {
        self.offset = offset
        self.fence = fence
    }
}
