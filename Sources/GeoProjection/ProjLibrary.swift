internal import CProj

/// PROJ's shared library, opened the first time RaceKit projects or measures a geodesic.
///
/// It is not linked (see `Sources/CProj/shim.h`): commands that never project start about 10 ms
/// sooner. Projections check ``loaded`` and throw a ``ProjectionError`` when PROJ is missing;
/// geodesics, which cannot throw, stop the process with the same message.
enum ProjLibrary {
    /// The names tried in order: PROJ 9's runtime library (Debian's `libproj25`), then the
    /// development link that `libproj-dev`, which the build needs, installs.
    static let candidates = ["libproj.so.25", "libproj.so"]

    /// PROJ's functions, or why none of ``candidates`` could be opened.
    static let loaded = load(from: candidates)

    /// Opens the first of `files` that has every function RaceKit calls.
    static func load(from files: [String]) -> Result<racekit_proj_api, ProjectionError> {
        let api = UnsafeMutablePointer<racekit_proj_api>.allocate(capacity: 1)
        defer { api.deallocate() }
        var failures: [String] = []
        for file in files {
            if let failure = racekit_proj_load(file, api) {
                failures.append(String(cString: failure))
                continue
            }
            return .success(api.move())
        }
        return .failure(
            ProjectionError(
                operation: "loading PROJ", code: 0,
                errnoText: failures.joined(separator: "; ")
                    + " (install PROJ: on Debian, apt-get install libproj25, or run scripts/ensure-deps.sh)"))
    }
}

/// PROJ's functions. Only for code that has checked ``ProjLibrary/loaded`` or cannot report an
/// error: reading it without PROJ installed stops the process with the loader's message.
let libproj: racekit_proj_api = {
    switch ProjLibrary.loaded {
    case .success(let api): api
    case .failure(let error): fatalError(error.description)
    }
}()
