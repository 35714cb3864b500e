import GeoCore
import RaceModel
import RacePlanning
import RouteOptimizer
import Testing

struct CourseReorderingTests {
    /// Stops scattered around Zürich's old town in a deliberately poor order, so that the
    /// optimizer has something to do and several orders fit a generous excess.
    static func race(layout: RaceBuilder.CourseLayout = .ordered, seed: UInt64 = 3, stops: Int = 9) -> Race {
        var random = SplitMix64(seed: seed)
        var builder = RaceBuilder(name: "Scatter").radius(20).course(layout)
        for k in 0..<stops {
            let at = Coordinate(
                uncheckedLatitude: 47.365 + 0.012 * random.nextUnit(), longitude: 8.535 + 0.016 * random.nextUnit())
            builder = builder.stop("Stop \(k)", at: at, id: "s\(k)")
        }
        var race = builder.build()
        race.courses.append(Course(id: "other", start: "s0", finish: "s1", controls: [.stop("s2")]))
        race.participants = [
            Participant(id: "a", name: "A"), Participant(id: "b", name: "B", course: "main"),
            Participant(id: "c", name: "C", course: "other"), Participant(id: "d", name: "D"),
        ]
        return race
    }

    static let options = RouteSolver.Options(timeLimit: nil, iterations: 200, seed: 5)

    @Test(
        "the variants are the optimizer's fair orders of the course's stops, written as courses", arguments: [1, 3, 4])
    func variantsAreTheOptimizersOrders(count: Int) throws {
        let race = Self.race()
        let reordering = try CourseReordering(race: race)
        let result = try reordering.variants(count: count, maxExcessPercent: 30, options: Self.options)

        // The reference: the same problem put to the optimizer by hand.
        let ids = race.courses[0].stopIDs
        let centres = ids.map { race.stop($0)!.centre! }
        let problem = try RouteProblem(
            matrix: DistanceMatrix(haversineBetween: centres), labels: ids,
            shape: .openPath(start: 0, finish: ids.count - 1))
        let reference = try RouteSolver.fairVariants(problem, count: count, maxExcessPercent: 30, options: Self.options)

        #expect(result.variants.count == count)
        #expect(result.set == reference)
        for (k, variant) in result.variants.enumerated() {
            let order = reference.variants[k].solution.order.map { ids[$0] }
            #expect(variant.order == order)
            #expect(variant.course.stopIDs == order, "the course runs the order, start and finish included")
            #expect(variant.course.id == (k == 0 ? "main" : "main-\(k + 1)"))
            #expect(variant.length == reference.variants[k].solution.length)
            #expect(
                race.lengthMeters(of: variant.course) == variant.length, "an open path's length is the course's length")
        }
        #expect(result.lengthBefore == race.lengthMeters(of: race.courses[0]))
        #expect(result.race.courses.map(\.id) == result.variants.map(\.course.id) + ["other"])
    }

    @Test("participants on the course, or on none, are dealt round-robin over the variants; others keep theirs")
    func participantsAreSpread() throws {
        let race = Self.race()
        let result = try CourseReordering(race: race).variants(count: 3, maxExcessPercent: 30, options: Self.options)
        let courses = result.race.participants.map(\.course)
        let onMain = race.participants.indices.filter { race.participants[$0].course != "other" }
        for (k, p) in onMain.enumerated() {
            #expect(courses[p] == result.variants[k % 3].course.id)
        }
        #expect(courses[2] == "other")
    }

    @Test("a score hunt's loop is a closed tour whose goals stay in any order")
    func scoreHuntLoop() throws {
        var race = Self.race(layout: .anyOrder)
        race.courses[0].start = "s0"
        race.courses[0].finish = "s0"
        race.courses[0].controls = [.anyOrder(race.stops.map(\.id).filter { $0 != "s0" })]
        let reordering = try CourseReordering(race: race)
        #expect(reordering.shape == .closedTour(start: 0))
        let result = try reordering.variants(count: 2, maxExcessPercent: 10, options: Self.options)
        for variant in result.variants {
            #expect(variant.course.start == "s0" && variant.course.finish == "s0")
            #expect(variant.course.controls == [.anyOrder(variant.order.filter { $0 != "s0" })])
            #expect(
                race.lengthMeters(of: variant.course) == variant.length,
                "the leg back to the start is counted both ways")
        }
    }

    @Test("a course without a finish is a closed tour, or an open path when asked; given ends replace the course's")
    func shapes() throws {
        var race = Self.race()
        race.courses[0].finish = nil
        #expect(try CourseReordering(race: race).shape == .closedTour(start: 0))
        #expect(try CourseReordering(race: race, openPath: true).shape == .openPath(start: 0, finish: nil))
        let reordering = try CourseReordering(race: race, start: "s3", finish: "s5")
        #expect(
            reordering.shape
                == .openPath(
                    start: reordering.stopIDs.firstIndex(of: "s3"), finish: reordering.stopIDs.firstIndex(of: "s5")))
        let variant = try reordering.variants(count: 1, maxExcessPercent: 0, options: Self.options).variants[0]
        #expect(variant.order.first == "s3" && variant.order.last == "s5")
        #expect(variant.course.start == "s3" && variant.course.finish == "s5")
    }

    @Test("a user's matrix is cut down to the course's stops by id")
    func matrixByStopID() throws {
        let race = Self.race(stops: 4)
        let labels = ["s3", "x", "s1", "s0", "s2"]
        let file = MatrixFile(matrix: DistanceMatrix(count: labels.count) { a, b in 100 * a + b }, labels: labels)
        let reordering = try CourseReordering(race: race)
        let matrix = try reordering.distances(from: file)
        for (a, from) in reordering.stopIDs.enumerated() {
            for (b, to) in reordering.stopIDs.enumerated() where a != b {
                #expect(matrix[a, b] == file.matrix[labels.firstIndex(of: from)!, labels.firstIndex(of: to)!])
            }
        }
        #expect(throws: CourseReorderingError.stopNotInMatrix(stop: "s2")) {
            try reordering.distances(
                from: MatrixFile(matrix: DistanceMatrix(count: 3) { _, _ in 1 }, labels: ["s0", "s1", "s3"]))
        }
        #expect(throws: CourseReorderingError.matrixWithoutStopIDs) {
            try reordering.distances(from: MatrixFile(matrix: file.matrix, labels: nil))
        }
    }

    @Test("a race without a course, a course of one stop or too many, an end off the course")
    func errors() {
        var race = Self.race()
        #expect(throws: CourseReorderingError.stopNotOnCourse(stop: "nowhere", course: "main")) {
            try CourseReordering(race: race, start: "nowhere")
        }
        race.courses[0] = Course(id: "tiny", start: "s0", finish: "s0", controls: [])
        #expect(throws: CourseReorderingError.tooFewStops(course: "tiny")) { try CourseReordering(race: race) }
        let many = RouteSolver.maximumStops + 1
        race.courses[0] = Course(id: "huge", start: "x0", finish: "x0", controls: (0..<many).map { .stop("x\($0)") })
        #expect(throws: CourseReorderingError.tooManyStops(course: "huge", count: many)) {
            try CourseReordering(race: race)
        }
        race.courses = []
        #expect(throws: CourseReorderingError.noCourse) { try CourseReordering(race: race) }
    }
}
