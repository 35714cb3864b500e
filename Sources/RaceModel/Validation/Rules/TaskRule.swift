import Foundation

/// A question must have its answer among its options, no repeated options, and at least two.
struct TaskRule: ValidationRule {
    func check(_ context: ValidationContext, into issues: inout [ValidationIssue]) {
        for (i, stop) in context.race.stops.enumerated() {
            guard let task = stop.task else { continue }
            let path = context.stopPath(i) + "/task"
            if task.question.trimmingCharacters(in: .whitespaces).isEmpty {
                issues.append(
                    ValidationIssue(
                        .error, "empty-question", at: path + "/question", "stop \"\(stop.id)\" asks an empty question"))
            }
            if !task.options.contains(task.answer) {
                issues.append(
                    ValidationIssue(
                        .error, "answer-not-an-option", at: path + "/answer",
                        "the answer \"\(task.answer)\" of stop \"\(stop.id)\" is not one of its options",
                        hint: "the answer is matched by value: copy it exactly from the options"))
            }
            var seen = Set<String>()
            for (o, option) in task.options.enumerated() where !seen.insert(option).inserted {
                issues.append(
                    ValidationIssue(
                        .error, "repeated-option", at: "\(path)/options/\(o)",
                        "option \"\(option)\" of stop \"\(stop.id)\" is repeated"))
            }
            if task.options.count < 2 {
                issues.append(
                    ValidationIssue(
                        .warning, "too-few-options", at: path + "/options",
                        "stop \"\(stop.id)\" offers \(task.options.count) option\(task.options.count == 1 ? "" : "s")"))
            }
        }
    }
}
