/// One check of a race, in a file of its own under `Validation/Rules/`. A rule appends every
/// issue it finds; it never stops at the first.
public protocol ValidationRule: Sendable {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue])
}
