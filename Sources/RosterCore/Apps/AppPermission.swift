/// One thing an enterprise app may do, in words a person reads: a delegated permission granted
/// to it (`oAuth2PermissionGrant`'s `scope`, one value each) or an app role assigned to it
/// (`appRoleAssignment`), named through the resource's own `oauth2PermissionScopes` and `appRoles`.
public struct AppPermission: Sendable, Equatable, Hashable, Codable {
  public enum Kind: String, Sendable, Codable {
    /// Acts for a signed-in person, within what that person may do.
    case delegated
    /// Acts as itself with no one signed in (an app role).
    case application
  }

  public var kind: Kind
  /// The API it is on: "Microsoft Graph".
  public var resource: CleanText
  /// The permission's value: "User.Read.All" (the role's id when the resource does not name it).
  public var value: CleanText
  /// The resource's description: "Read all users' full profiles".
  public var description: CleanText?
  /// Delegated only: nil when granted for everyone (an administrator consented for the
  /// organisation, `AllPrincipals`), else how many people consented for themselves.
  public var consentedPeople: Int?

  public init(
    kind: Kind, resource: CleanText, value: CleanText, description: CleanText? = nil, consentedPeople: Int? = nil
  ) {
    self.kind = kind
    self.resource = resource
    self.value = value
    self.description = description
    self.consentedPeople = consentedPeople
  }

  /// "User.Read.All on Microsoft Graph", then how: "as itself, with no one signed in", "for
  /// anyone signed in (consented for the organisation)" or "for 3 people who consented".
  public var words: String {
    let what = value.string + " on " + resource.string
    let described = description.map { what + ": " + $0.string } ?? what
    switch kind {
    case .application: return described + " — as itself, with no one signed in"
    case .delegated:
      guard let people = consentedPeople else { return described + " — for anyone signed in (consented for all)" }
      return described + " — for " + (people == 1 ? "1 person" : "\(people) people") + " who consented"
    }
  }

  /// Application permissions first (they need no one present), then by resource and value.
  public static func ordered(_ permissions: [AppPermission]) -> [AppPermission] {
    permissions.sorted {
      ($0.kind == .application ? 0 : 1, $0.resource.string, $0.value.string)
        < ($1.kind == .application ? 0 : 1, $1.resource.string, $1.value.string)
    }
  }
}
