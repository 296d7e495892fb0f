import Foundation

/// The scopes a client asked for, sorted into what Entra distinguishes: OpenID Connect scopes,
/// Microsoft Graph delegated permissions (bare `User.Read` means Graph, as in Entra), and for B2C
/// the app's own client id.
struct ScopeSet: Sendable, Equatable {
  static let graphResource = "https://graph.microsoft.com"
  static let graphAppId = "00000003-0000-0000-c000-000000000000"
  /// Delegated Graph permissions the sandbox knows, with their canonical spelling.
  /// `/.default` grants these. The group permissions (`GroupMember.Read.All`, `Member.Read.Hidden`,
  /// …) are granted when asked for by name, like every entry of `otherGraphPermissions`.
  static let graphPermissions = ["User.Read", "User.ReadBasic.All", "User.Read.All", "Presence.Read.All"]
  static let oidcScopes = ["openid", "profile", "email", "offline_access"]

  var oidc: [String] = []
  var graph: [String] = []
  /// B2C: the client id requested as a scope (an access token for the app itself).
  var ownApp = false
  /// B2C: the task API's scopes as asked for (`https://{domain}/api/read`), each a permission
  /// (`read`, `write`) the access token carries in `scp`.
  var api: [String] = []

  /// The API permission names (`read write`) for `scp`.
  var apiPermissions: [String] { api.compactMap { $0.split(separator: "/").last.map(String.init) } }
  /// Whether an access token is issued (B2C: for the app itself or its API).
  var wantsB2CAccessToken: Bool { ownApp || !api.isEmpty }

  var wantsRefreshToken: Bool { oidc.contains("offline_access") }
  var wantsIdToken: Bool { oidc.contains("openid") }

  /// Real delegated Graph permissions the sandbox serves nothing for but accepts and consents at
  /// sign-in, as Entra does when an app asks for them dynamically (they are then in the token).
  static let otherGraphPermissions = [
    "User.ReadWrite", "User.ReadWrite.All", "User.Invite.All", "Directory.Read.All", "Directory.AccessAsUser.All",
    "Group.Read.All", "GroupMember.Read.All", "Group.ReadBasic.All", "Member.Read.Hidden", "Device.Read.All",
    "Application.Read.All",
    "GroupMember.ReadWrite.All", "Group.ReadWrite.All", "Directory.ReadWrite.All", "People.Read", "People.Read.All",
    "Presence.Read", "Presence.Read.All", "Place.Read.All", "Place.ReadWrite.All",
    "Mail.Read", "Mail.ReadBasic", "Mail.ReadWrite", "Mail.Send", "MailboxSettings.Read", "Calendars.ReadBasic",
    "Calendars.Read",
    "Calendars.ReadWrite", "Contacts.Read", "Contacts.ReadWrite", "Files.Read", "Files.Read.All", "Files.ReadWrite",
    "Files.ReadWrite.All", "Sites.Read.All", "Notes.Read", "Tasks.Read", "Tasks.ReadWrite", "Chat.Read",
    "ChannelMessage.Read.All", "Team.ReadBasic.All", "OnlineMeetings.Read", "ProfilePhoto.Read.All",
    "AuditLog.Read.All", "Reports.Read.All", "LicenseAssignment.Read.All",
    "RoleManagement.Read.Directory", "RoleManagement.Read.All", "RoleManagement.ReadWrite.Directory",
    "RoleEligibilitySchedule.Read.Directory", "RoleEligibilitySchedule.ReadWrite.Directory",
    // Issue 45's writes (`Graph/Writes`).
    "User.RevokeSessions.All", "User.EnableDisableAccount.All", "UserAuthenticationMethod.ReadWrite.All",
    "UserAuthMethod-TAP.ReadWrite.All", "UserAuthenticationMethod.Read.All",
  ]

  /// Sorts `text` (space-separated) for an Entra tenant; unknown resources or permissions fail, as
  /// does `/.default` asked for together with named Graph permissions (AADSTS70011).
  /// `apiIdentifier` is the B2C task API's App ID URI; its `read` and `write` scopes are known.
  static func parse(
    _ text: String, clientId: String, b2c: Bool, apiIdentifier: String? = nil
  ) throws(AADError) -> ScopeSet {
    var result = ScopeSet()
    var askedDefault = false
    var askedNamed = false
    for raw in text.split(whereSeparator: { $0 == " " || $0 == "+" }).map(String.init) {
      let lower = raw.lowercased()
      if let oidc = oidcScopes.first(where: { $0 == lower }) {
        if !result.oidc.contains(oidc) { result.oidc.append(oidc) }
      } else if b2c {
        if lower == clientId.lowercased() {
          result.ownApp = true
        } else if let apiIdentifier,
          ["read", "write"].contains(where: { lower == "\(apiIdentifier.lowercased())/\($0)" })
        {
          if !result.api.contains(lower) { result.api.append(lower) }
        } else {
          throw AADError.invalidScope(raw)
        }
      } else if let permission = graphPermission(raw) {
        if permission.isDefault { askedDefault = true } else { askedNamed = true }
        for name in permission.names where !result.graph.contains(name) { result.graph.append(name) }
      } else {
        throw AADError.invalidScope(raw)
      }
    }
    if askedDefault && askedNamed { throw AADError.defaultMixedWithNamed(text) }
    if !b2c && result.graph.isEmpty { result.graph = ["User.Read"] }
    return result
  }

  /// `User.Read`, `https://graph.microsoft.com/User.Read`, `00000003-…/User.Read` or `/.default`
  /// (every permission the app was granted: the ones the sandbox serves).
  private static func graphPermission(_ raw: String) -> (names: [String], isDefault: Bool)? {
    var name = raw
    for prefix in [graphResource + "/", "https://graph.microsoft.com//", graphAppId + "/"]
    where raw.lowercased().hasPrefix(prefix.lowercased()) {
      name = String(raw.dropFirst(prefix.count))
    }
    if name.lowercased() == ".default" { return (graphPermissions, true) }
    return (graphPermissions + otherGraphPermissions).first { $0.lowercased() == name.lowercased() }.map {
      ([$0], false)
    }
  }

  /// The `scope` value of a token response. Entra names Graph permissions short (`User.Read`, not
  /// `https://graph.microsoft.com/User.Read`) and lists the OpenID scopes it granted, adding
  /// `email` when `openid` or `profile` was asked for: "User.Read profile openid email".
  /// MSAL and azure-identity look their cached token up by these names. B2C lists the app's own
  /// client id and the OpenID scopes asked for.
  func responseScope(clientId: String, b2c: Bool = false) -> String {
    guard b2c || ownApp else {
      var granted = oidc.filter { $0 == "profile" || $0 == "openid" }
      if !granted.isEmpty { granted.append("email") } else if oidc.contains("email") { granted = ["email"] }
      let ordered = ["profile", "openid", "email"].filter(granted.contains)
      return (graph + ordered).joined(separator: " ")
    }
    var parts = graph.map { "\(Self.graphResource)/\($0)" }
    if ownApp { parts.append(clientId) }
    parts += api
    parts += oidc.filter { $0 != "offline_access" }
    if ownApp { parts += oidc.filter { $0 == "offline_access" } }
    return parts.joined(separator: " ")
  }

  /// Round-trips through grants (refresh tokens remember what was consented).
  var stored: String { (oidc + graph + (ownApp ? ["<app>"] : []) + api.map { "api=" + $0 }).joined(separator: " ") }

  static func fromStored(_ text: String) -> ScopeSet {
    var result = ScopeSet()
    for part in text.split(separator: " ").map(String.init) {
      if part.hasPrefix("api=") {
        result.api.append(String(part.dropFirst(4)))
      } else if part == "<app>" {
        result.ownApp = true
      } else if oidcScopes.contains(part) {
        result.oidc.append(part)
      } else {
        result.graph.append(part)
      }
    }
    return result
  }
}
