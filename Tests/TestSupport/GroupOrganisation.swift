import Foundation
import Sandbox

/// A small organisation with groups of every kind, written as the people file's
/// `{"users": […], "groups": […]}` (issue 20): a nesting chain (Ivan Petrov ∈ Escalation Chain ∈
/// SRE On-Call ∈ Platform Team), a membership cycle (Loop A ∈ Loop B ∈ Loop A), a person hidden
/// from the address list among members, a hidden-membership group, a dynamic group with its rule
/// paused, a distribution list and groups with hostile names (quotes, `&`, umlauts, CJK).
public enum GroupOrganisation {
  public static let domain = "contoso.test"

  static func user(_ id: Int, _ name: String, _ upn: String, hidden: Bool = false) -> [String: Any] {
    var user: [String: Any] = [
      "id": String(format: "40000000-0000-4000-8000-%012d", id), "displayName": name,
      "userPrincipalName": "\(upn)@\(domain)", "mail": "\(upn)@\(domain)",
    ]
    if hidden { user["showInAddressList"] = false }
    return user
  }

  public static var users: [[String: Any]] {
    [
      user(1, "Ivan Petrov", "ivan.petrov"), user(2, "Ana Lima", "ana.lima"), user(3, "Bo Chen", "bo.chen"),
      user(4, "Jürgen Groß", "juergen.gross"), user(5, "李小明", "xiaoming.li"), user(6, "Olga Owner", "olga.owner"),
      user(7, "Hedda Hidden", "hedda.hidden", hidden: true),
    ]
  }

  public static func upn(_ name: String) -> String { "\(name)@\(domain)" }

  public static var groups: [[String: Any]] {
    [
      [
        "displayName": "Platform Team", "mailNickname": "platform-team", "mail": "platform-team@\(domain)",
        "description": "Runs the platform", "mailEnabled": true, "securityEnabled": true,
        "members": ["sre-on-call", upn("ana.lima")], "owners": [upn("olga.owner")],
      ],
      [
        "displayName": "Design Studio", "mailNickname": "design-studio", "mail": "design-studio@\(domain)",
        "description": "Draws screens", "groupTypes": ["Unified"], "resourceProvisioningOptions": ["Team"],
        "visibility": "Public", "members": [upn("ana.lima")],
      ],
      [
        "displayName": "SRE On-Call", "mailNickname": "sre-on-call", "description": "Pager rotation",
        "securityEnabled": true, "members": ["escalation-chain", upn("bo.chen")],
      ],
      [
        "displayName": "Escalation Chain", "mailNickname": "escalation-chain", "securityEnabled": true,
        "members": [upn("ivan.petrov"), upn("hedda.hidden")],
      ],
      [
        "displayName": "Loop A", "mailNickname": "loop-a", "securityEnabled": true,
        "members": ["loop-b", upn("ana.lima")],
      ],
      [
        "displayName": "Loop B", "mailNickname": "loop-b", "securityEnabled": true,
        "members": ["loop-a", upn("bo.chen")],
      ],
      [
        "displayName": "R&D \"Quotes\" Crew", "mailNickname": "rnd-crew", "mail": "rnd-crew@\(domain)",
        "description": "Forschung & Entwicklung in Zürich", "mailEnabled": true, "securityEnabled": false,
        "members": [upn("juergen.gross"), upn("xiaoming.li")],
      ],
      [
        "displayName": "研究チーム 東京", "mailNickname": "kenkyu-tokyo", "securityEnabled": true,
        "members": [upn("xiaoming.li")],
      ],
      [
        "displayName": "Sales Dynamic", "mailNickname": "sales-dynamic", "securityEnabled": true,
        "groupTypes": ["DynamicMembership"], "membershipRule": "user.department -eq \"Sales\"",
        "membershipRuleProcessingState": "Paused",
      ],
      [
        "displayName": "Secret Board", "mailNickname": "secret-board", "mail": "secret-board@\(domain)",
        "groupTypes": ["Unified"], "visibility": "HiddenMembership", "members": [upn("ana.lima")],
      ],
      [
        "displayName": "O'Brien's Club", "mailNickname": "obriens-club", "mail": "obriens-club@\(domain)",
        "mailEnabled": true, "securityEnabled": false, "members": [upn("bo.chen"), upn("ivan.petrov")],
      ],
    ]
  }

  /// Runs `body` against a sandbox serving this organisation; the people file is removed after.
  public static func withSandbox<Result>(
    configure: (inout SandboxConfiguration) -> Void = { _ in }, _ body: (SandboxHarness) async throws -> Result
  ) async throws -> Result {
    let file = TemporaryDirectory(prefix: "roster-groups")
    defer { file.remove() }
    let url = file.url.appendingPathComponent("organisation.json")
    try JSONSerialization.data(withJSONObject: ["users": users, "groups": groups]).write(to: url)
    return try await SandboxHarness.with(
      configure: { configuration in
        configuration.peopleFile = url
        configure(&configuration)
      }, body)
  }

  /// The scopes a sign-in that may read groups asks for.
  public static let groupScopes = "openid profile offline_access User.Read User.Read.All GroupMember.Read.All"
}
