import Hummingbird
import RaceKitCore

/// An error answer: status and JSON body `{"error": sentence, "code": stable-code, "path"?: where}`
/// (`path` is a JSON pointer into the request body or the name of the parameter concerned).
public struct APIError: HTTPResponseError, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// A stable, machine-readable code (`unauthorized`, `invalid-race`, …).
    public var code: String
    /// What went wrong, for a person.
    public var message: String
    /// Where in the request, when one place is to blame.
    public var path: String?
    /// More members of the body (the validator's `issues`).
    public var extra: [JSONMember] = []

    /// Creates an error.
    public init(
        _ status: HTTPResponse.Status, _ code: String, _ message: String, path: String? = nil, extra: [JSONMember] = []
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.path = path
        self.extra = extra
    }

    /// The response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var members = [JSONMember("error", .string(message)), JSONMember("code", .string(code))]
        if let path { members.append(JSONMember("path", .string(path))) }
        return JSONResponse.make(.object(members + extra), status: status)
    }

    static func badRequest(_ message: String, path: String? = nil) -> APIError {
        APIError(.badRequest, "bad-request", message, path: path)
    }
    static let unauthorized = APIError(
        .unauthorized, "unauthorized", "a valid token for this race and role is required (Authorization: Bearer …)")
    static let forbidden = APIError(.forbidden, "forbidden", "this token does not allow this race or this action")
    static func notFound(_ what: String) -> APIError { APIError(.notFound, "not-found", what) }
    static func conflict(_ message: String) -> APIError { APIError(.conflict, "conflict", message) }
}
