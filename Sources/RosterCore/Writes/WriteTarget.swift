import Foundation

/// The person a write acts on, exactly as Graph named them when they were looked up: the object id
/// and user principal name identify them; the display name is shown, never trusted.
public struct WritePerson: Sendable, Equatable {
  public var id: String
  public var userPrincipalName: String
  public var displayName: String?
  public var mail: String?
  public var userType: String?
  /// `PendingAcceptance` or `Accepted` for a guest; nil for a member.
  public var externalUserState: String?
  public var accountEnabled: Bool?
  public var onPremisesSyncEnabled: Bool?

  public init(
    id: String, userPrincipalName: String, displayName: String? = nil, mail: String? = nil, userType: String? = nil,
    externalUserState: String? = nil, accountEnabled: Bool? = nil, onPremisesSyncEnabled: Bool? = nil
  ) {
    self.id = id
    self.userPrincipalName = userPrincipalName
    self.displayName = displayName
    self.mail = mail
    self.userType = userType
    self.externalUserState = externalUserState
    self.accountEnabled = accountEnabled
    self.onPremisesSyncEnabled = onPremisesSyncEnabled
  }

  /// "Ada Lovelace (ada@contoso.com, id 1a2b…)": how every prompt and result names them.
  public var fullName: String {
    let name = displayName.map { $0.isEmpty ? "(no name)" : $0 } ?? "(no name)"
    return "\(name) (\(userPrincipalName), id \(id))"
  }

  public var isGuest: Bool { userType?.lowercased() == "guest" }
}

/// The group a membership write changes, with what decides whether Graph lets members be changed.
public struct WriteGroup: Sendable, Equatable {
  public var id: String
  public var displayName: String?
  public var mail: String?
  /// Graph's `groupTypes`: `DynamicMembership` means members are by rule.
  public var groupTypes: [String]
  public var onPremisesSyncEnabled: Bool?
  public var isAssignableToRole: Bool?

  public init(
    id: String, displayName: String?, mail: String? = nil, groupTypes: [String] = [],
    onPremisesSyncEnabled: Bool? = nil, isAssignableToRole: Bool? = nil
  ) {
    self.id = id
    self.displayName = displayName
    self.mail = mail
    self.groupTypes = groupTypes
    self.onPremisesSyncEnabled = onPremisesSyncEnabled
    self.isAssignableToRole = isAssignableToRole
  }

  public var isDynamic: Bool { groupTypes.contains { $0.caseInsensitiveCompare("DynamicMembership") == .orderedSame } }
  public var isSynced: Bool { onPremisesSyncEnabled == true }

  public var fullName: String { "\(displayName ?? "(no name)") (id \(id))" }
}

/// How a USER argument names someone: only an object id or a user name (UPN or mail) is exact
/// enough to write with; anything else is a display name, refused with the matches' user names.
public enum WriteTargetArgument: Sendable, Equatable {
  case objectId(String)
  case userName(String)
  case displayName(String)

  public init(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if UUID(uuidString: trimmed) != nil {
      self = .objectId(trimmed.lowercased())
    } else if Self.looksLikeAddress(trimmed) {
      self = .userName(trimmed)
    } else {
      self = .displayName(trimmed)
    }
  }

  /// One `@` with something on both sides and no spaces: a user principal name or mail address.
  static func looksLikeAddress(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(where: \.isWhitespace)
  }

  public var isExact: Bool {
    if case .displayName = self { return false }
    return true
  }
}
