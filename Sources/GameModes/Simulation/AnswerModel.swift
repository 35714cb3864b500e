import GeoCore
import RaceModel

/// A seeded model of players answering: each question is answered after a delay drawn from
/// `delaySeconds`, correctly with probability `accuracy`; relay hand-outs are handed on the
/// same way. Deterministic: every draw comes from `seed` and the prompt's participant, stop
/// and attempt (``ModeRandom``), so one prompt's answer does not depend on the others.
///
/// - A question at attempt k: correct with probability `accuracy`; otherwise the k-th option
///   of a seeded order of the wrong options (a player does not repeat a wrong answer, so with
///   retries the right one comes at the latest after every wrong one).
/// - Relay, round 0: the suggested stop is kept. Given a stop: the clue is the stop's name
///   (with probability `accuracy`, otherwise another stop's name); it passes on once the player
///   reaches the stop. Given a clue: nothing, since the guess is the stop the player reaches
///   (their track decides, not the model).
public struct AnswerModel: Responder {
    /// The race whose questions and stops are answered.
    public let race: Race
    /// Probability of a correct answer (clamped to 0…1).
    public let accuracy: Double
    /// Seconds from the prompt to the answer.
    public let delaySeconds: ClosedRange<Double>
    /// The seed every draw derives from.
    public let seed: UInt64

    /// Creates a model; `accuracy` is clamped to 0…1 and negative delays to 0.
    public init(race: Race, accuracy: Double, delaySeconds: ClosedRange<Double>, seed: UInt64) {
        self.race = race
        self.accuracy = min(1, max(0, accuracy.isNaN ? 0 : accuracy))
        self.delaySeconds = max(0, delaySeconds.lowerBound)...max(0, delaySeconds.upperBound)
        self.seed = seed
    }

    /// The answer or hand-on a prompt calls for, after its delay; nothing for other outcomes.
    public func respond(to outcome: Outcome) -> [GameInput] {
        switch outcome {
        case .question(let participant, let stop, let options, let attempt, let time):
            guard let task = race.stop(stop)?.task, !options.isEmpty else { return [] }
            var random = ModeRandom(seed: seed, "answer", participant, stop, String(attempt))
            let delay = random.uniform(delaySeconds)
            var wrongOrder = ModeRandom(seed: seed, "wrong-answers", participant, stop)
            let wrong = wrongOrder.shuffled(options.filter { $0 != task.answer })
            let correct = random.unit() < accuracy || attempt > wrong.count
            let choice = correct ? task.answer : wrong[attempt - 1]
            return [.answer(Answer(participant: participant, stop: stop, choice: choice, time: time + delay))]
        case .handOut(let participant, let round, let item, _, let time, _):
            guard !race.stops.isEmpty else { return [] }
            var random = ModeRandom(seed: seed, "relay", participant, String(round))
            let delay = random.uniform(delaySeconds)
            let good = random.unit() < accuracy
            let other = race.stops[random.index(below: race.stops.count)]
            let text: String
            switch item {
            case .stop(let id) where round == 0:
                text = id
            case .stop(let id):
                text = good ? (race.stop(id)?.name ?? id) : other.name
            case .clue:
                return []
            }
            return [.submission(Submission(participant: participant, round: round, text: text, time: time + delay))]
        default:
            return []
        }
    }
}
