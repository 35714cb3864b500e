import Testing

@testable import GeoProjection

struct ProjLibraryTests {
    @Test("PROJ's library opens, and a missing one is an error that says what to install")
    func opens() throws {
        if case .failure(let error) = ProjLibrary.loaded { Issue.record("PROJ did not open: \(error)") }
        guard case .failure(let error) = ProjLibrary.load(from: ["libracekit-no-such-proj.so"]) else {
            Issue.record("a library that does not exist opened")
            return
        }
        #expect(error.description.hasPrefix("loading PROJ: error: "))
        #expect(error.errnoText.contains("libracekit-no-such-proj.so"))
        #expect(error.errnoText.contains("apt-get install libproj25"))
    }

    @Test("a library without PROJ's functions is refused, and the next candidate is tried")
    func missingFunctions() throws {
        guard case .failure(let error) = ProjLibrary.load(from: ["libm.so.6"]) else {
            Issue.record("libm passed for PROJ")
            return
        }
        #expect(error.errnoText.contains("proj_context_create"))
        guard case .success = ProjLibrary.load(from: ["libm.so.6"] + ProjLibrary.candidates) else {
            Issue.record("PROJ after libm did not open")
            return
        }
    }
}
