import Foundation

/// The account section of a person: each part read on its own, so one refusal leaves the rest.
public struct AccountHealth: Sendable, Equatable {
  public var state: HealthOutcome<AccountState>
  public var lastSignIn: HealthOutcome<LastSignIn>
  public var mfa: HealthOutcome<MFARegistration>
  public var licences: HealthOutcome<[Licence]>
  public var devices: HealthOutcome<[PersonDevice]>

  public init(
    state: HealthOutcome<AccountState> = .notAsked, lastSignIn: HealthOutcome<LastSignIn> = .notAsked,
    mfa: HealthOutcome<MFARegistration> = .notAsked, licences: HealthOutcome<[Licence]> = .notAsked,
    devices: HealthOutcome<[PersonDevice]> = .notAsked
  ) {
    self.state = state
    self.lastSignIn = lastSignIn
    self.mfa = mfa
    self.licences = licences
    self.devices = devices
  }
}

/// What became of one part: its data, a refusal that says what is needed, another failure, or
/// not asked because the token lacks the permissions (said quietly, never as an error).
public enum HealthOutcome<Value: Sendable & Equatable>: Sendable, Equatable {
  case notAsked
  case loaded(Value)
  /// Graph said 403: the text names the permission, the role and the licence.
  case refused(String)
  case failed(DirectoryError)
  /// The token lacks these permissions, so Roster did not ask.
  case lacking([String])

  public var value: Value? {
    if case .loaded(let value) = self { return value }
    return nil
  }
}

/// `accountEnabled` and the other state fields of `/users/{id}` (User.Read.All).
public struct AccountState: Sendable, Equatable, Codable {
  public var accountEnabled: Bool?
  public var createdDateTime: Date?
  /// `Member` or `Guest`.
  public var userType: CleanText?
  /// For guests: `PendingAcceptance` or `Accepted`.
  public var externalUserState: CleanText?
  public var externalUserStateChangeDateTime: Date?
  public var onPremisesSyncEnabled: Bool?
  public var onPremisesLastSyncDateTime: Date?
  public var employeeId: CleanText?
  public var usageLocation: CleanText?

  public init(
    accountEnabled: Bool? = nil, createdDateTime: Date? = nil, userType: CleanText? = nil,
    externalUserState: CleanText? = nil, externalUserStateChangeDateTime: Date? = nil,
    onPremisesSyncEnabled: Bool? = nil, onPremisesLastSyncDateTime: Date? = nil, employeeId: CleanText? = nil,
    usageLocation: CleanText? = nil
  ) {
    self.accountEnabled = accountEnabled
    self.createdDateTime = createdDateTime
    self.userType = userType
    self.externalUserState = externalUserState
    self.externalUserStateChangeDateTime = externalUserStateChangeDateTime
    self.onPremisesSyncEnabled = onPremisesSyncEnabled
    self.onPremisesLastSyncDateTime = onPremisesLastSyncDateTime
    self.employeeId = employeeId
    self.usageLocation = usageLocation
  }

  /// Whether Graph sent the state at all. Every account has `accountEnabled`, and Graph returns
  /// it to any sign-in that may read the full profile; a token that sees only the basic profile
  /// gets it (and every property beside it) as null. So without it no null here is a fact: not
  /// "cloud-only", not "no usage location".
  public var wasReturned: Bool { accountEnabled != nil }
}

/// `signInActivity`: two different clocks, said apart because people read one for the other.
public struct LastSignIn: Sendable, Equatable, Codable {
  /// The last sign-in that succeeded (Graph has it since December 2023, not backfilled).
  public var lastSuccessfulSignInDateTime: Date?
  /// The last interactive attempt, which moves on failures too (microsoft-graph-docs#20938).
  public var lastSignInDateTime: Date?
  /// The last non-interactive attempt (a client signing in on the person's behalf), failed or not.
  public var lastNonInteractiveSignInDateTime: Date?
  /// Whether the answer held a `signInActivity` object at all. Without it Graph told nothing, so
  /// "none recorded" would be a fact it never gave.
  public var activityReturned: Bool

  public init(
    lastSuccessfulSignInDateTime: Date? = nil, lastSignInDateTime: Date? = nil,
    lastNonInteractiveSignInDateTime: Date? = nil, activityReturned: Bool = true
  ) {
    self.lastSuccessfulSignInDateTime = lastSuccessfulSignInDateTime
    self.lastSignInDateTime = lastSignInDateTime
    self.lastNonInteractiveSignInDateTime = lastNonInteractiveSignInDateTime
    self.activityReturned = activityReturned
  }
}

/// The authentication-methods registration report for one person.
public struct MFARegistration: Sendable, Equatable, Codable {
  public var isMfaRegistered: Bool?
  public var isMfaCapable: Bool?
  public var methodsRegistered: [CleanText]
  public var lastUpdatedDateTime: Date?

  public init(
    isMfaRegistered: Bool? = nil, isMfaCapable: Bool? = nil, methodsRegistered: [CleanText] = [],
    lastUpdatedDateTime: Date? = nil
  ) {
    self.isMfaRegistered = isMfaRegistered
    self.isMfaCapable = isMfaCapable
    self.methodsRegistered = methodsRegistered
    self.lastUpdatedDateTime = lastUpdatedDateTime
  }
}

/// One assigned licence (`licenseDetails`).
public struct Licence: Sendable, Equatable, Codable {
  public var skuId: CleanText?
  public var skuPartNumber: CleanText

  public init(skuId: CleanText? = nil, skuPartNumber: CleanText) {
    self.skuId = skuId
    self.skuPartNumber = skuPartNumber
  }

  /// The product name from the shipped table, or the raw part number for a SKU it lacks.
  public var productName: String { LicenceCatalog.productName(for: skuPartNumber.string) ?? skuPartNumber.string }
}

/// A device the person registered or owns, as their account health lists it (`Device` is the
/// directory kind the list and the pane show).
public struct PersonDevice: Sendable, Equatable, Codable {
  public enum Relation: String, Sendable, Equatable, Codable { case registered, owned, both }

  public var id: String
  public var displayName: CleanText?
  public var operatingSystem: CleanText?
  public var operatingSystemVersion: CleanText?
  public var isCompliant: Bool?
  public var isManaged: Bool?
  /// Graph names it approximate: it is not moved on every sign-in.
  public var approximateLastSignInDateTime: Date?
  public var relation: Relation

  public init(
    id: String, displayName: CleanText? = nil, operatingSystem: CleanText? = nil,
    operatingSystemVersion: CleanText? = nil, isCompliant: Bool? = nil, isManaged: Bool? = nil,
    approximateLastSignInDateTime: Date? = nil, relation: Relation
  ) {
    self.id = id
    self.displayName = displayName
    self.operatingSystem = operatingSystem
    self.operatingSystemVersion = operatingSystemVersion
    self.isCompliant = isCompliant
    self.isManaged = isManaged
    self.approximateLastSignInDateTime = approximateLastSignInDateTime
    self.relation = relation
  }
}
