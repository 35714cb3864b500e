import Foundation
import Hummingbird
import HummingbirdTesting
import RaceKitCore
import Testing

/// docs/openapi.yaml as the tests hold the server to it: each answer's status must be one the
/// operation documents, its content type one the status documents, and a JSON body must fit
/// the schema (a JSON-schema subset: `$ref`, `type`, `required`, `properties`,
/// `additionalProperties`, `items`, `maxItems`, `enum`, `const`, `allOf`, `oneOf`, `minimum`,
/// `maximum`, `pattern`).
struct OpenAPIConformance: Sendable {
    let root: JSONValue

    /// The document, read once for every test.
    static let document: Result<OpenAPIConformance, any Error> = Result {
        OpenAPIConformance(
            root: try MiniYAML.parse(try String(contentsOf: OpenAPIDocumentTests.document, encoding: .utf8)))
    }

    /// The operation for `method` on a concrete `path` (a query is ignored): the template with
    /// the most literal segments that matches.
    func operation(method: String, path: String) -> (template: String, operation: JSONValue)? {
        let segments = path.split(separator: "?", maxSplits: 1).first.map { $0.split(separator: "/") } ?? []
        guard case .object(let paths)? = root["paths"] else { return nil }
        var best: (template: String, operation: JSONValue, literals: Int)?
        for member in paths {
            let template = member.key.split(separator: "/")
            guard template.count == segments.count else { continue }
            var literals = 0
            let matches = zip(template, segments).allSatisfy { t, s in
                if t.hasPrefix("{") && t.hasSuffix("}") { return true }
                literals += 1
                return t == s
            }
            guard matches, let operation = member.value[method.lowercased()] else { continue }
            if best == nil || literals > best!.literals { best = (member.key, operation, literals) }
        }
        return best.map { ($0.template, $0.operation) }
    }

    /// The methods the document gives the path `template` (`GET`, `POST`, …), sorted.
    func methods(template: String) -> [String] {
        guard case .object(let members)? = root["paths"]?[template] else { return [] }
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        return members.map(\.key).filter(methods.contains).map { $0.uppercased() }.sorted()
    }

    /// The path template a concrete `path` (a query is ignored) falls under, whatever its methods.
    func template(of path: String) -> String? {
        let methods = ["get", "put", "post", "delete", "patch"]
        return methods.lazy.compactMap { operation(method: $0, path: path)?.template }.first
    }

    /// What in an exchange disagrees with the document (empty when it conforms). HEAD is GET's
    /// operation without a body; a method the path lacks must be 405 with `Allow` listing the
    /// path's methods (HEAD with GET), and a path the document lacks 404, each with the
    /// document's error body.
    func problems(method: String, path: String, response: TestResponse) -> [String] {
        if method == "HEAD", operation(method: "HEAD", path: path) == nil, operation(method: "GET", path: path) != nil {
            let problems = self.problems(method: "GET", path: path, response: response, bodyless: true)
            return response.body.readableBytes == 0 ? problems : problems + ["HEAD \(path): a body"]
        }
        guard operation(method: method, path: path) == nil else {
            return problems(method: method, path: path, response: response, bodyless: false)
        }
        // Each answer to HEAD is checked without its body, which the server leaves out.
        func documentedError(_ reference: String, _ name: String) -> [String] {
            let documented = JSONValue.object([JSONMember("$ref", .string(reference))])
            if method == "HEAD" {
                let problems = contentType(response, documented, name).problems
                return response.body.readableBytes == 0 ? problems : problems + ["\(name): a body"]
            }
            return body(response, documented, name)
        }
        guard let template = template(of: path) else {
            let name = "\(method) \(path) (no such path) → \(response.status.code)"
            guard response.status == .notFound else { return ["\(name): expected 404"] }
            return documentedError("#/components/responses/Error", name)
        }
        let name = "\(method) \(template) (no such operation) → \(response.status.code)"
        guard response.status == .methodNotAllowed else { return ["\(name): expected 405"] }
        var allowed = methods(template: template)
        if allowed.contains("GET"), !allowed.contains("HEAD") { allowed = (allowed + ["HEAD"]).sorted() }
        let header = response.headers[.allow]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let problems = header?.sorted() == allowed ? [] : ["\(name): Allow \(header ?? []), expected \(allowed)"]
        return problems + documentedError("#/components/responses/MethodNotAllowed", name)
    }

    /// ``problems(method:path:response:)`` for a documented operation (`bodyless`: a HEAD answer).
    func problems(method: String, path: String, response: TestResponse, bodyless: Bool) -> [String] {
        guard let (template, operation) = operation(method: method, path: path) else {
            return ["\(method) \(path): no such operation in docs/openapi.yaml"]
        }
        let name = "\(method) \(template) → \(response.status.code)"
        guard let documented = operation["responses"]?[String(response.status.code)] else {
            return ["\(name): status not documented"]
        }
        return bodyless ? contentType(response, documented, name).problems : body(response, documented, name)
    }

    /// The answer's content type against the documented response's (`$ref` followed): the
    /// documented content for it, or the problems.
    func contentType(_ response: TestResponse, _ documented: JSONValue, _ name: String) -> (
        type: String?, content: JSONValue?, problems: [String]
    ) {
        let documented = resolve(documented)
        let type = response.headers[.contentType]?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard case .object(let contents)? = documented["content"] else { return (type, nil, []) }
        guard let type, let content = contents.first(where: { $0.key == type })?.value else {
            return (type, nil, ["\(name): content type \(type ?? "none") not documented"])
        }
        return (type, content, [])
    }

    /// The answer's content type and body against the documented response (`$ref` followed).
    func body(_ response: TestResponse, _ documented: JSONValue, _ name: String) -> [String] {
        let (type, content, problems) = contentType(response, documented, name)
        guard problems.isEmpty else { return problems }
        guard let content else {
            return response.body.readableBytes == 0 ? [] : ["\(name): a body where the document has none"]
        }
        guard type == "application/json", let schema = content["schema"] else { return [] }
        do {
            let body = try JSONParser.parse(Array(response.body.readableBytesView), file: "response")
            return validate(body, schema, at: "").map { "\(name): \($0)" }
        } catch {
            return ["\(name): the body is not JSON"]
        }
    }

    /// `value` against `schema`, the problems with their JSON pointers.
    func validate(_ value: JSONValue, _ schema: JSONValue, at pointer: String) -> [String] {
        let schema = resolve(schema)
        var problems: [String] = []
        func fail(_ message: String) { problems.append("\(pointer.isEmpty ? "/" : pointer): \(message)") }
        if case .array(let all)? = schema["allOf"] {
            for part in all { problems += validate(value, part, at: pointer) }
        }
        if case .array(let options)? = schema["oneOf"] ?? schema["anyOf"] {
            let results = options.map { validate(value, $0, at: pointer) }
            if !results.contains(where: \.isEmpty) { problems += results.first ?? [] }
        }
        if let constant = schema["const"], constant != value {
            fail("expected \(constant.serialized(pretty: false)), got \(value.serialized(pretty: false))")
        }
        if case .array(let allowed)? = schema["enum"], !allowed.contains(value) {
            fail(
                "\(value.serialized(pretty: false)) is not one of \(JSONValue.array(allowed).serialized(pretty: false))"
            )
        }
        var types: [String] = []
        switch schema["type"] {
        case .string(let t)?: types = [t]
        case .array(let ts)?: types = ts.compactMap { if case .string(let t) = $0 { return t } else { return nil } }
        default: break
        }
        if !types.isEmpty, !types.contains(where: { Self.has(value, type: $0) }) {
            fail("expected \(types.joined(separator: " or ")), got \(value.typeName)")
            return problems
        }
        switch value {
        case .object(let members):
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where !members.contains(where: { $0.key == key }) {
                    fail("required \"\(key)\" is missing")
                }
            }
            let properties = schema["properties"]
            for member in members {
                if let property = properties?[member.key] {
                    problems += validate(member.value, property, at: pointer + "/" + member.key)
                } else if let extra = schema["additionalProperties"], case .object = extra {
                    problems += validate(member.value, extra, at: pointer + "/" + member.key)
                }
            }
        case .array(let items):
            if case .number(let most)? = schema["maxItems"], Double(items.count) > most {
                fail("more than \(most) items")
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    problems += validate(item, itemSchema, at: "\(pointer)/\(index)")
                }
            }
        case .number(let x):
            if case .number(let least)? = schema["minimum"], x < least { fail("\(x) is below \(least)") }
            if case .number(let most)? = schema["maximum"], x > most { fail("\(x) is above \(most)") }
        case .string(let text):
            if case .string(let pattern)? = schema["pattern"],
                text.range(of: pattern, options: .regularExpression) == nil
            {
                fail("\"\(text)\" does not match \(pattern)")
            }
        default: break
        }
        return problems
    }

    /// `schema` with a local `$ref` followed (`#/components/…`), repeatedly.
    func resolve(_ schema: JSONValue) -> JSONValue {
        var schema = schema
        while case .string(let reference)? = schema["$ref"], reference.hasPrefix("#/") {
            var target: JSONValue? = root
            for key in reference.dropFirst(2).split(separator: "/") { target = target?[String(key)] }
            guard let target else { return .null }
            schema = target
        }
        return schema
    }

    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("number", .number):
            return true
        case ("integer", .number(let x)): return x == x.rounded()
        default: return false
        }
    }
}

/// A test client that checks every answer against docs/openapi.yaml as it comes
/// (``OpenAPIConformance``) and records a test issue for each disagreement, so every server
/// test holds the server to its document.
struct ConformingClient: TestClientProtocol {
    let base: any TestClientProtocol

    var port: Int? { base.port }

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?)
        async throws -> TestResponse
    {
        let response = try await base.executeRequest(uri: uri, method: method, headers: headers, body: body)
        switch OpenAPIConformance.document {
        case .success(let document):
            for problem in document.problems(method: method.rawValue, path: uri, response: response) {
                Issue.record("docs/openapi.yaml: \(problem)")
            }
        case .failure(let error):
            Issue.record("docs/openapi.yaml cannot be read: \(error)")
        }
        return response
    }
}
