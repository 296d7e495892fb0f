import Foundation
import Hummingbird
import SandboxDirectory

extension ControlEndpoints {
  /// `POST /_sandbox/browser {"user": UPN}`: the stand-in browser signs in as that user when an
  /// authorize request names no one (no `login_hint`); `{}` goes back to the default user. Answers
  /// with the user and the B2C demo customers, so a script can pick the second one.
  func browser(_ request: IncomingRequest) -> Response {
    let body = request.body.trimmingCharacters(in: .whitespacesAndNewlines)
    let fields =
      body.isEmpty
      ? [:]
      : (body.data(using: .utf8).flatMap { try? JSONSerialization.jsonObject(with: $0) }
        as? [String: Any])
    guard let fields else { return refusal(.badRequest, "The body must be a JSON object like {\"user\": \"UPN\"}.") }
    if let name = fields["user"] {
      guard let text = name as? String, let user = tenant.directory.user(idOrUPN: text) else {
        return refusal(.notFound, "No user \(name) in the sandbox directory.")
      }
      tenant.setBrowserUser(user)
    } else {
      tenant.setBrowserUser(nil)
    }
    return .json(
      .object([
        ("user", .string(tenant.browserUser.userPrincipalName)),
        ("customers", .array(tenant.demoCustomers.map { .string($0.userPrincipalName) })),
      ]))
  }

  private func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
    .json(.object([("error", .string(message))]), status: status)
  }
}
