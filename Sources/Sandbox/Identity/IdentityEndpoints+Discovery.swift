import Foundation
import Hummingbird
import SandboxDirectory

extension IdentityEndpoints {
  /// The OpenID Connect discovery document, shaped like Entra's (or B2C's for a policy path),
  /// with every endpoint pointing back at this sandbox.
  func discovery(_ request: IncomingRequest, path: AuthorityPath) -> Response {
    let root = authorityBase(request, path: path)
    let issuer = issuerTemplate(request, path: path)
    let headers: HTTPFields = [.cacheControl: "max-age=86400, private", .accessControlAllowOrigin: "*"]
    if path.isB2C {
      return .json(
        .object([
          ("issuer", .string(issuer)),
          ("authorization_endpoint", .string("\(root)/oauth2/v2.0/authorize")),
          ("token_endpoint", .string("\(root)/oauth2/v2.0/token")),
          ("end_session_endpoint", .string("\(root)/oauth2/v2.0/logout")),
          ("jwks_uri", .string("\(root)/discovery/v2.0/keys")),
          ("response_modes_supported", strings(["query", "fragment", "form_post"])),
          (
            "response_types_supported",
            strings([
              "code", "code id_token", "code token", "code id_token token", "id_token",
              "id_token token", "token", "token id_token",
            ])
          ),
          ("scopes_supported", strings(["openid"])),
          ("subject_types_supported", strings(["pairwise"])),
          ("id_token_signing_alg_values_supported", strings(["RS256"])),
          ("token_endpoint_auth_methods_supported", strings(["client_secret_post", "client_secret_basic"])),
          (
            "claims_supported",
            strings([
              "name", "emails", "given_name", "idp", "family_name", "newUser", "oid", "sub", "tfp",
              "iss", "iat", "exp", "aud", "acr", "nonce", "auth_time",
            ])
          ),
        ]), headers: headers)
    }
    let graphHost =
      URL(string: request.base)?.host.map { host in
        URL(string: request.base)?.port.map { "\(host):\($0)" } ?? host
      } ?? "graph.microsoft.com"
    return .json(
      .object([
        ("token_endpoint", .string("\(root)/oauth2/v2.0/token")),
        (
          "token_endpoint_auth_methods_supported",
          strings(["client_secret_post", "private_key_jwt", "client_secret_basic"])
        ),
        ("jwks_uri", .string("\(root)/discovery/v2.0/keys")),
        ("response_modes_supported", strings(["query", "fragment", "form_post"])),
        ("subject_types_supported", strings(["pairwise"])),
        ("id_token_signing_alg_values_supported", strings(["RS256"])),
        ("response_types_supported", strings(["code", "id_token", "code id_token", "id_token token"])),
        ("scopes_supported", strings(["openid", "profile", "email", "offline_access"])),
        ("issuer", .string(issuer)),
        ("request_uri_parameter_supported", .bool(false)),
        ("userinfo_endpoint", .string("\(request.base)/oidc/userinfo")),
        ("authorization_endpoint", .string("\(root)/oauth2/v2.0/authorize")),
        ("device_authorization_endpoint", .string("\(root)/oauth2/v2.0/devicecode")),
        ("http_logout_supported", .bool(true)),
        ("frontchannel_logout_supported", .bool(true)),
        ("end_session_endpoint", .string("\(root)/oauth2/v2.0/logout")),
        (
          "claims_supported",
          strings([
            "sub", "iss", "cloud_instance_name", "cloud_instance_host_name", "cloud_graph_host_name",
            "msgraph_host", "aud", "exp", "iat", "auth_time", "acr", "nonce", "preferred_username",
            "name", "tid", "ver", "at_hash", "c_hash", "email",
          ])
        ),
        ("kerberos_endpoint", .string("\(root)/kerberos")),
        ("tenant_region_scope", .string("WW")),
        ("cloud_instance_name", .string("microsoftonline.com")),
        ("cloud_graph_host_name", .string("graph.windows.net")),
        ("msgraph_host", .string(graphHost)),
        ("rbac_url", .string("https://pas.windows.net")),
      ]), headers: headers)
  }

  private func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
}
