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
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.serializedBytes(pretty: false) + [0x0A])))
    }

    /// The request body parsed as JSON (at most `limit` bytes).
    /// - Throws: ``APIError`` 413 for a larger body, 400 for one that is not JSON.
    static func body(of request: Request, limit: Int) async throws -> JSONValue {
        try parse(try await bytes(of: request, limit: limit))
    }

    /// The request body's bytes (at most `limit`), for readers that walk them themselves.
    /// - Throws: ``APIError`` 413 for a larger body.
    static func bytes(of request: Request, limit: Int) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, "body-too-large", "the request body is larger than \(limit) bytes")
        }
    }

    /// `buffer` parsed as JSON.
    /// - Throws: ``APIError`` 400 for a body that is not JSON.
    static func parse(_ buffer: ByteBuffer) throws -> JSONValue {
        do {
            return try buffer.readableBytesView.withUnsafeBytes { raw throws(InputError) in
                try JSONParser.parse(raw.assumingMemoryBound(to: UInt8.self), file: "request body")
            }
        } catch {
            throw notJSON(error)
        }
    }

    /// The 400 answer to a body that is not JSON.
    static func notJSON(_ error: InputError) -> APIError {
        APIError.badRequest("the body is not JSON: \(error.message)")
    }
}
