import Hummingbird

extension LiveAPI {
    /// The routes beyond the first slice: OwnTracks, the live page and the positions it shows,
    /// share links and public races, editing a race before its start, and results exports.
    func addWebRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post("/owntracks") { request, _ in try await ownTracks(request) }
        router.get("/races") { request, _ in try await publicRaces(request) }
        router.put("/races/{race}") { request, context in
            try await updateRace(request, try context.parameters.require("race"))
        }
        router.post("/races/{race}/share-links") { request, context in
            try await makeShareLink(request, try context.parameters.require("race"))
        }
        router.get("/races/{race}/share-links") { request, context in
            try await shareLinks(request, try context.parameters.require("race"))
        }
        router.delete("/races/{race}/share-links/{link}") { request, context in
            try await revokeShareLink(
                request, try context.parameters.require("race"), try context.parameters.require("link"))
        }
        router.put("/races/{race}/public") { request, context in
            try await setPublic(request, try context.parameters.require("race"))
        }
        router.get("/races/{race}/live") { request, context in
            try await livePage(request, try context.parameters.require("race"))
        }
        router.get("/races/{race}/positions") { request, context in
            try await positions(request, try context.parameters.require("race"))
        }
        for format in ResultsFormat.allCases {
            router.get("/races/{race}/results.\(format.fileExtension)") { request, context in
                try await results(request, try context.parameters.require("race"), format: format)
            }
        }
        router.get("/races/{race}/tracks.gpx") { request, context in
            try await tracks(request, try context.parameters.require("race"))
        }
    }
}
