import Foundation
import Hummingbird
import SandboxDirectory

extension GraphEndpoints {
  /// `GET /oidc/userinfo` (the discovery document's `userinfo_endpoint`, served by Graph in
  /// Entra): the signed-in user's OpenID Connect claims, `sub` matching the id token's.
  func userInfo(_ request: IncomingRequest) async -> Response {
    let caller: GraphCaller
    switch await tenant.authenticate(request) {
    case .success(let found): caller = found
    case .failure(let error): return error.response(request: request, now: tenant.now)
    }
    let claims = TokenClaims(
      user: caller.user, tenantId: tenant.tenantId, clientId: caller.clientId, issuer: "", issuedAt: 0, expiresAt: 0,
      generation: 0)
    return .json(
      .members([
        ("sub", .string(claims.pairwiseSubject)),
        ("name", caller.user.displayName.map(JSONValue.string)),
        ("family_name", caller.user.surname.map(JSONValue.string)),
        ("given_name", caller.user.givenName.map(JSONValue.string)),
        ("picture", .string("\(request.base)/v1.0/me/photo/$value")),
        ("email", caller.user.mail.map(JSONValue.string)),
      ]), headers: Self.headers(Self.requestIds(request)))
  }
}
