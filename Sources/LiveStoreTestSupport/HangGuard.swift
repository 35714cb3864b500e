import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that waits on servers, processes or tasks: a guard against a
    /// hang, not a check of speed. `make test` runs the suites' tests at once on the machine's
    /// cores, so on two cores a test whose every step awaits the cooperative pool can take
    /// minutes of wall time for seconds of work (a one-minute limit failed that way in CI on
    /// 2026-11-30, for a test that takes 2 s alone).
    public static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
