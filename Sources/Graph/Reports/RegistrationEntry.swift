import Foundation
import RosterCore

/// One row of Graph's authentication-methods registration report
/// (`/reports/authenticationMethods/userRegistrationDetails`), its text cleaned where decoded:
/// names and method names come from the directory and may carry what a terminal must not print.
public struct RegistrationEntry: Sendable, Equatable {
  public var id: String
  public var userPrincipalName: CleanText?
  public var userDisplayName: CleanText?
  /// `member` or `guest` (Graph's `signInUserType`).
  public var userType: CleanText?
  public var isAdmin: Bool?
  public var isMfaRegistered: Bool?
  public var isMfaCapable: Bool?
  /// Graph's method names (`microsoftAuthenticatorPush`, `mobilePhone`, `email`…).
  public var methodsRegistered: [CleanText]
  /// The default second factor the person chose (`push`, `sms`, `none`…).
  public var userPreferredMethodForSecondaryAuthentication: CleanText?
  public var isSystemPreferredAuthenticationMethodEnabled: Bool?
  public var systemPreferredAuthenticationMethods: [CleanText]
  public var lastUpdatedDateTime: Date?

  public init(
    id: String, userPrincipalName: CleanText? = nil, userDisplayName: CleanText? = nil, userType: CleanText? = nil,
    isAdmin: Bool? = nil, isMfaRegistered: Bool? = nil, isMfaCapable: Bool? = nil, methodsRegistered: [CleanText] = [],
    userPreferredMethodForSecondaryAuthentication: CleanText? = nil,
    isSystemPreferredAuthenticationMethodEnabled: Bool? = nil, systemPreferredAuthenticationMethods: [CleanText] = [],
    lastUpdatedDateTime: Date? = nil
  ) {
    self.id = id
    self.userPrincipalName = userPrincipalName
    self.userDisplayName = userDisplayName
    self.userType = userType
    self.isAdmin = isAdmin
    self.isMfaRegistered = isMfaRegistered
    self.isMfaCapable = isMfaCapable
    self.methodsRegistered = methodsRegistered
    self.userPreferredMethodForSecondaryAuthentication = userPreferredMethodForSecondaryAuthentication
    self.isSystemPreferredAuthenticationMethodEnabled = isSystemPreferredAuthenticationMethodEnabled
    self.systemPreferredAuthenticationMethods = systemPreferredAuthenticationMethods
    self.lastUpdatedDateTime = lastUpdatedDateTime
  }

  /// The method Graph uses first: the system's choice when system-preferred MFA is on (the
  /// resource page: the user's choice "is used as preferred MFA method when
  /// isSystemPreferredAuthenticationMethodEnabled is false"), else the person's. Nil for none.
  public var defaultMethod: String? {
    let chosen =
      isSystemPreferredAuthenticationMethodEnabled == true
      ? systemPreferredAuthenticationMethods.first : userPreferredMethodForSecondaryAuthentication
    guard let name = chosen?.string, !name.isEmpty, name.lowercased() != "none" else { return nil }
    return name
  }
}

/// Who `roster mfa` lists: everyone, members only or guests only (the report's `userType`).
public enum RegistrationAudience: String, Sendable, CaseIterable {
  case everyone, members, guests

  /// The `userType` clause Graph's filter takes, if any.
  var userTypeClause: String? {
    switch self {
    case .everyone: return nil
    case .members: return "userType eq 'member'"
    case .guests: return "userType eq 'guest'"
    }
  }
}
