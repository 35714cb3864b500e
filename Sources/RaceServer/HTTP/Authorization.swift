import Foundation
import Hummingbird
import RaceLive

/// Who a request speaks for: the credential its bearer token (or `token` query parameter, for
/// browsers' EventSource, which cannot set headers) names.
enum Authorization {
    /// The token the request carries, if any.
    static func token(of request: Request) -> String? {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                return String(parts[1]).trimmingCharacters(in: .whitespaces)
            }
        }
        return QueryString(of: request).value(named: "token")
    }

    /// The credential of the request, required to be for race `raceID` in one of `roles`.
    /// - Parameter now: the server's clock, required to take credentials that expire (share
    ///   links): without it they are refused.
    /// - Throws: ``APIError`` 401 without a known, unexpired token, 403 for another race or role.
    static func require(
        _ request: Request, credentials: CredentialCache, race raceID: String, roles: Set<CredentialRole>,
        now: Double? = nil
    ) async throws -> StoredCredential {
        guard let token = token(of: request), !token.isEmpty else { throw APIError.unauthorized }
        let hash = SecretToken.hash(token)
        guard let credential = try await credentials.credential(hash: hash),
            SecretToken.constantTimeEqual(credential.hash, hash)
        else {
            throw APIError.unauthorized
        }
        guard credential.raceID == raceID, roles.contains(credential.role) else { throw APIError.forbidden }
        // Fails closed: a route that takes expiring credentials must say what time it is.
        if let expiresAt = credential.expiresAt, !(now.map { $0 < expiresAt } ?? false) {
            throw APIError(.unauthorized, "expired", "this link has expired; ask the organiser for a new one")
        }
        return credential
    }
}
