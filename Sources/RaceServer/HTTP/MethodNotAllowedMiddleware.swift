import Hummingbird

/// Answers the requests the router has no route for with the API's JSON error instead of
/// Hummingbird's bare 404: 405 `method-not-allowed` with an `Allow` header when the path has
/// routes for other methods, 404 `not-found` when it has none.
///
/// Add it after every route: Hummingbird wraps each route in the middleware added before it, and
/// the router's not-found answer in all of them, so this one sees only unrouted requests.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Each route path with the methods it answers (HEAD wherever GET is), in the order given.
    let paths: [(path: RouterPath, methods: [HTTPRequest.Method])]

    /// A middleware for the router's `routes` (`Router.routes`, as path and method).
    init(routes: [(path: RouterPath, method: HTTPRequest.Method)]) {
        var paths: [(path: RouterPath, methods: [HTTPRequest.Method])] = []
        for route in routes {
            // The router generates HEAD from GET when it builds its responder, after this runs.
            let methods = route.method == .get ? [route.method, .head] : [route.method]
            if let index = paths.firstIndex(where: { $0.path == route.path }) {
                paths[index].methods += methods
            } else {
                paths.append((route.path, methods))
            }
        }
        self.paths = paths
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = allowedMethods(path: request.uri.path)
            guard !allowed.isEmpty else { throw APIError.notFound("the server has nothing at this path") }
            let names = allowed.map(\.rawValue)
            var response = try APIError(
                .methodNotAllowed, "method-not-allowed",
                "\(request.method.rawValue) is not allowed here; use \(names.joined(separator: " or "))"
            ).response(from: request, context: context)
            response.headers[.allow] = names.joined(separator: ", ")
            return response
        }
    }

    /// The methods the routes matching `path` answer, sorted; empty when none matches.
    func allowedMethods(path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        let methods = paths.filter { Self.matches($0.path, segments) }.flatMap(\.methods)
        return Set(methods.map(\.rawValue)).sorted().compactMap { HTTPRequest.Method($0) }
    }

    /// Whether a route path matches a request path's segments: one segment per element, as the
    /// router's own matching does for literals and `{captures}` (the only elements the API uses).
    static func matches(_ route: RouterPath, _ segments: [Substring]) -> Bool {
        route.components.count == segments.count && zip(route.components, segments).allSatisfy { $0 ~= $1 }
    }
}
