import Foundation

/// The one Graph request a write sends, in Graph's documented shape: what `--dry-run` prints and
/// what the client sends are made here, so they cannot differ. It never holds a token.
public struct WriteRequest: Sendable, Equatable {
  public var method: String
  /// Relative to the Graph version root, e.g. `/users/{id}/revokeSignInSessions`.
  public var path: String
  /// The JSON body, keys sorted; nil for a call without one.
  public var body: Data?

  public init(method: String, path: String, body: Data? = nil) {
    self.method = method
    self.path = path
    self.body = body
  }

  /// `POST /users/{id}/revokeSignInSessions` (user-revokesigninsessions): no body.
  public static func revokeSessions(userId: String) -> WriteRequest {
    WriteRequest(method: "POST", path: "/users/\(segment(userId))/revokeSignInSessions")
  }

  /// `PATCH /users/{id}` with `{"accountEnabled": …}` (user-update).
  public static func setAccountEnabled(userId: String, _ enabled: Bool) -> WriteRequest {
    WriteRequest(method: "PATCH", path: "/users/\(segment(userId))", body: json(["accountEnabled": enabled]))
  }

  /// `POST /users/{id}/authentication/temporaryAccessPassMethods` with the lifetime (10–43200
  /// minutes, the policy's default when nil) and whether it is usable once.
  public static func temporaryAccessPass(userId: String, lifetimeMinutes: Int?, usableOnce: Bool) -> WriteRequest {
    var body: [String: Any] = ["isUsableOnce": usableOnce]
    if let lifetimeMinutes { body["lifetimeInMinutes"] = lifetimeMinutes }
    return WriteRequest(
      method: "POST", path: "/users/\(segment(userId))/authentication/temporaryAccessPassMethods", body: json(body))
  }

  /// Where the invited guest lands after redeeming: the My Apps portal, as the Entra admin center's
  /// own "Resend invitation" does.
  public static let inviteRedirectUrl = "https://myapps.microsoft.com"

  /// `POST /invitations` for a guest's address with `sendInvitationMessage`: Graph finds the
  /// pending guest by the address and sends the invitation email again (invitation-post).
  public static func resendInvitation(email: String) -> WriteRequest {
    WriteRequest(
      method: "POST", path: "/invitations",
      body: json([
        "invitedUserEmailAddress": email, "inviteRedirectUrl": inviteRedirectUrl, "sendInvitationMessage": true,
      ]))
  }

  /// `POST /groups/{id}/members/$ref` with the member as a directoryObjects reference
  /// (group-post-members); `graphRoot` is the version root, as in Graph's own example.
  public static func addMember(groupId: String, memberId: String, graphRoot: String) -> WriteRequest {
    let root = graphRoot.hasSuffix("/") ? String(graphRoot.dropLast()) : graphRoot
    return WriteRequest(
      method: "POST", path: "/groups/\(segment(groupId))/members/$ref",
      body: json(["@odata.id": "\(root)/directoryObjects/\(segment(memberId))"]))
  }

  /// `DELETE /groups/{id}/members/{memberId}/$ref` (group-delete-members): no body.
  public static func removeMember(groupId: String, memberId: String) -> WriteRequest {
    WriteRequest(method: "DELETE", path: "/groups/\(segment(groupId))/members/\(segment(memberId))/$ref")
  }

  /// What `--dry-run` prints: the method and full URL, then the body; never an Authorization header.
  public func dryRunText(graphRoot: String) -> String {
    let root = graphRoot.hasSuffix("/") ? String(graphRoot.dropLast()) : graphRoot
    var text = "\(method) \(root)\(path)\n"
    if let body {
      text += "Content-Type: application/json\n\n" + String(decoding: body, as: UTF8.self) + "\n"
    }
    return text
  }

  /// A path segment with everything outside unreserved characters percent-encoded: an id or user
  /// name never changes the shape of the path.
  static func segment(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~@")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  static func json(_ object: [String: Any]) -> Data {
    (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
  }
}
