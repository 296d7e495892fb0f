import Foundation
import Hummingbird
import SandboxDirectory

/// The identity platform v2.0 under `/{tenant}/…` (and B2C policy paths): discovery, keys,
/// device authorization, token, authorize and logout.
struct IdentityEndpoints: Sendable {
  let tenant: SandboxTenant

  func respond(to request: IncomingRequest, path: AuthorityPath) async -> Response {
    if path.isB2C {
      guard tenant.acceptsB2CTenant(path.tenant) else {
        return AADError.unknownTenant(path.tenant).b2cResponse(now: tenant.now)
      }
    } else if !tenant.acceptsTenant(path.tenant) {
      var error = AADError.unknownTenant(path.tenant)
      if path.endpoint == .discovery || path.endpoint == .keys { error.error = "invalid_tenant" }
      if path.endpoint == .authorize { return errorPage(error) }
      return error.response(now: tenant.now)
    }
    switch path.endpoint {
    case .discovery: return discovery(request, path: path)
    case .keys:
      return .json(
        tenant.signer.jwks(issuer: issuerTemplate(request, path: path)),
        headers: [.cacheControl: "max-age=86400, private"])
    case .devicecode:
      if path.isB2C { return .text("Not Found", status: .notFound) }
      guard request.method == "POST" else { return methodNotAllowed() }
      return await deviceAuthorization(request, path: path)
    case .token:
      guard request.method == "POST" else { return methodNotAllowed() }
      return await token(request, path: path)
    case .authorize: return await authorize(request, path: path)
    case .logout: return logout(request)
    }
  }

  /// The authority root endpoints hang off: `{base}/{tenant}` or `{base}/{domain}/{policy}`.
  func authorityBase(_ request: IncomingRequest, path: AuthorityPath) -> String {
    if let policy = path.policy { return "\(request.base)/\(tenant.tenantDomain)/\(policy)" }
    let lower = path.tenant.lowercased()
    let segment = (lower == "common" || lower == "organizations") ? lower : tenant.tenantId
    return "\(request.base)/\(segment)"
  }

  /// `iss` of the tokens this authority issues (B2C issuers end with a slash, as B2C's do).
  func issuer(_ request: IncomingRequest, path: AuthorityPath) -> String {
    path.isB2C ? "\(request.base)/\(tenant.tenantId)/v2.0/" : "\(request.base)/\(tenant.tenantId)/v2.0"
  }

  /// The discovery `issuer`: the literal `{tenantid}` template for `common`/`organizations`.
  func issuerTemplate(_ request: IncomingRequest, path: AuthorityPath) -> String {
    let lower = path.tenant.lowercased()
    if !path.isB2C && (lower == "common" || lower == "organizations") { return "\(request.base)/{tenantid}/v2.0" }
    return issuer(request, path: path)
  }

  private func methodNotAllowed() -> Response { .text("Method Not Allowed", status: .methodNotAllowed) }

  private func logout(_ request: IncomingRequest) -> Response {
    // Only loopback targets: the sandbox must not become an open redirector.
    if let target = request.query.nonEmpty("post_logout_redirect_uri"),
      let host = URLComponents(string: target)?.host?.lowercased(), host == "localhost" || host == "127.0.0.1"
    {
      return Response(status: .found, headers: [.location: target])
    }
    return .text(
      "<html><body><p>You signed out of your account.</p></body></html>", contentType: "text/html; charset=utf-8")
  }

  /// Entra shows some authorize errors (unknown app, bad redirect URI) as a page, not a redirect.
  func errorPage(_ error: AADError) -> Response {
    let text = "AADSTS\(error.code): \(error.message)"
    let html =
      "<!DOCTYPE html><html><head><title>Sign in</title></head><body><h1>Sorry, but we're having trouble signing you in.</h1><p id=\"error\">\(HTML.escape(text))</p></body></html>"
    return .text(html, status: .badRequest, contentType: "text/html; charset=utf-8")
  }
}

extension SandboxTenant {
  /// B2C paths name the tenant by domain or id, never `common`.
  func acceptsB2CTenant(_ segment: String) -> Bool {
    let lower = segment.lowercased()
    return lower == tenantId || lower == tenantDomain
  }
}

/// Minimal HTML escaping for the pages the sandbox serves.
enum HTML {
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "'", with: "&#39;")
  }
}
