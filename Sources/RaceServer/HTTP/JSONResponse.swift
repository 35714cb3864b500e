import Hummingbird
import RaceKitCore

/// JSON bodies in and out, with the project's own reader and writer (GeoFormats).
enum JSONResponse {
    /// A response with `json` as its body.
    static func make(_ json: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: json.serialized(pretty: false) + "\n")))
    }

    /// The request body parsed as JSON (at most `limit` bytes).
    /// - Throws: ``APIError`` 413 for a larger body, 400 for one that is not JSON.
    static func body(of request: Request, limit: Int) async throws -> JSONValue {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, "body-too-large", "the request body is larger than \(limit) bytes")
        }
        do {
            return try JSONParser.parse(Array(buffer.readableBytesView), file: "request body")
        } catch {
            throw APIError.badRequest("the body is not JSON: \(error.message)")
        }
    }
}
