import Testing

@testable import RaceServer

/// The per-token bucket on the server's (injected) clock: a burst, then one request per
/// 1/rate seconds, Retry-After the time until the next, and buckets forgotten once full again.
@Suite struct TokenRateLimiterTests {
    @Test func burstThenRefill() {
        let limiter = TokenRateLimiter(perSecond: 2, burst: 3)
        for _ in 0..<3 { #expect(limiter.take("a", now: 100) == nil) }
        #expect(limiter.take("a", now: 100) == 0.5)
        #expect(limiter.take("a", now: 100.25) == 0.25)
        #expect(limiter.take("a", now: 100.5) == nil)
        #expect(limiter.take("a", now: 100.5) == 0.5)
        // Another token has its own bucket.
        #expect(limiter.take("b", now: 100.5) == nil)
    }

    @Test func aClockSetBackRefillsNothing() {
        let limiter = TokenRateLimiter(perSecond: 1, burst: 1)
        #expect(limiter.take("a", now: 1_000) == nil)
        #expect(limiter.take("a", now: 10) == 1)
        // Time is measured from the latest instant seen, not from the earlier one.
        #expect(limiter.take("a", now: 1_000.5) == 0.5)
        #expect(limiter.take("a", now: 1_001) == nil)
    }

    @Test func fullBucketsAreForgotten() {
        let limiter = TokenRateLimiter(perSecond: 1, burst: 2)
        for k in 0..<4_095 { #expect(limiter.take("t\(k)", now: 0) == nil) }
        #expect(limiter.trackedTokens == 4_095)
        // The 4 096th call sweeps: every bucket has refilled by then, its own included.
        #expect(limiter.take("last", now: 10) == nil)
        #expect(limiter.trackedTokens == 1)
    }
}
