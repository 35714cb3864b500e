import Foundation
import NIOSSL
import PostgresNIO

/// A `postgres://` connection URL read into postgres-nio's client configuration.
///
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`
/// (`postgresql://` too); PORT defaults to 5432, DATABASE to the user's name, `sslmode` to
/// `prefer`. A unix socket is named by a `host` query parameter that is a folder, as libpq does:
/// `postgres://USER@/DATABASE?host=/run/postgresql` connects to `/run/postgresql/.s.PGSQL.5432`.
/// User, password and database are percent-decoded.
public struct PostgresURL: Sendable {
    /// The client configuration the URL describes.
    public let configuration: PostgresClient.Configuration
    /// Where the server is.
    let endpoint: Endpoint
    /// libpq's sslmode (disable, prefer, require, …).
    let sslMode: String
    /// The URL with its password replaced by `***`, for logs.
    public let redacted: String

    /// Reads `text`.
    /// - Throws: ``PostgresURLError`` naming what is wrong.
    public init(_ text: String) throws {
        guard let components = URLComponents(string: text) else {
            throw PostgresURLError("\"\(Self.redact(text))\" is not a URL")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
            throw PostgresURLError("\"\(Self.redact(text))\" must start with postgres:// or postgresql://")
        }
        guard let user = components.percentEncodedUser?.removingPercentEncoding, !user.isEmpty else {
            throw PostgresURLError("\"\(Self.redact(text))\" names no user (postgres://USER@HOST/DATABASE)")
        }
        let password = components.percentEncodedPassword?.removingPercentEncoding
        let path = components.percentEncodedPath.removingPercentEncoding ?? ""
        let database = path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard !database.contains("/") else {
            throw PostgresURLError("\"\(Self.redact(text))\": the database name \"\(database)\" contains a /")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw PostgresURLError("port \(port) is out of range") }
        let sslMode = query["sslmode"] ?? "prefer"
        guard ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"].contains(sslMode) else {
            throw PostgresURLError("sslmode \"\(sslMode)\" is not one of disable, prefer, require")
        }
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        let endpoint: Endpoint
        if let socketFolder = query["host"], socketFolder.hasPrefix("/") {
            endpoint = .socket(socketFolder + "/.s.PGSQL.\(port)")
        } else {
            guard let host = components.host, !host.isEmpty else {
                throw PostgresURLError("\"\(Self.redact(text))\" names no host (postgres://USER@HOST/DATABASE)")
            }
            endpoint = .tcp(host: host, port: port)
        }
        switch endpoint {
        case .socket(let path):
            configuration = PostgresClient.Configuration(
                unixSocketPath: path, username: user, password: password, database: database.isEmpty ? nil : database)
        case .tcp(let host, let port):
            configuration = PostgresClient.Configuration(
                host: host, port: port, username: user, password: password,
                database: database.isEmpty ? nil : database, tls: tls)
        }
        self.endpoint = endpoint
        self.sslMode = sslMode
        self.redacted = Self.redact(text)
    }

    /// A TCP host and port, or a unix socket's path.
    enum Endpoint: Hashable {
        case tcp(host: String, port: Int)
        case socket(String)
    }

    /// The same server for a single connection (postgres-nio's `PostgresConnection`).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let (user, password, database) = (configuration.username, configuration.password, configuration.database)
        switch endpoint {
        case .socket(let path):
            return PostgresConnection.Configuration(
                unixSocketPath: path, username: user, password: password, database: database)
        case .tcp(let host, let port):
            let tls: PostgresConnection.Configuration.TLS
            switch sslMode {
            case "disable": tls = .disable
            case "require", "verify-ca", "verify-full":
                tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            default: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            return PostgresConnection.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: tls)
        }
    }

    /// `text` with the password between `:` and `@` of the authority replaced by `***`.
    static func redact(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://"), let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
            let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return text[..<text.index(after: colon)] + "***" + text[at...]
    }
}

/// A connection URL that cannot be used, and why.
public struct PostgresURLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
