import Foundation
import RosterCore

/// A guest who has not signed in within the span (`roster guests --inactive`), text cleaned where decoded.
public struct InactiveGuest: Sendable, Equatable {
  /// A user or group Graph lists as a sponsor (`/users/{id}/sponsors`).
  public struct Sponsor: Sendable, Equatable {
    public var id: String
    public var isGroup: Bool
    public var displayName: CleanText?
    public var mail: CleanText?
    public var userPrincipalName: CleanText?
    /// False for a sponsor whose account is disabled (left, not yet deleted); nil when not sent.
    public var accountEnabled: Bool?

    public init(
      id: String, isGroup: Bool, displayName: CleanText?, mail: CleanText? = nil, userPrincipalName: CleanText? = nil,
      accountEnabled: Bool? = nil
    ) {
      self.id = id
      self.isGroup = isGroup
      self.displayName = displayName
      self.mail = mail
      self.userPrincipalName = userPrincipalName
      self.accountEnabled = accountEnabled
    }
  }

  public var id: String
  public var displayName: CleanText?
  public var mail: CleanText?
  public var userPrincipalName: CleanText?
  /// `PendingAcceptance` or `Accepted` (Graph's `externalUserState`).
  public var externalUserState: CleanText?
  public var externalUserStateChangeDateTime: Date?
  /// When the guest was invited (the account was created by the invitation).
  public var createdDateTime: Date?
  public var lastSignInDateTime: Date?
  public var lastNonInteractiveSignInDateTime: Date?
  /// Nil when they could not be read (the sentence says why); empty when the guest has none.
  public var sponsors: [Sponsor]?

  public init(
    id: String, displayName: CleanText? = nil, mail: CleanText? = nil, userPrincipalName: CleanText? = nil,
    externalUserState: CleanText? = nil, externalUserStateChangeDateTime: Date? = nil, createdDateTime: Date? = nil,
    lastSignInDateTime: Date? = nil, lastNonInteractiveSignInDateTime: Date? = nil, sponsors: [Sponsor]? = nil
  ) {
    self.id = id
    self.displayName = displayName
    self.mail = mail
    self.userPrincipalName = userPrincipalName
    self.externalUserState = externalUserState
    self.externalUserStateChangeDateTime = externalUserStateChangeDateTime
    self.createdDateTime = createdDateTime
    self.lastSignInDateTime = lastSignInDateTime
    self.lastNonInteractiveSignInDateTime = lastNonInteractiveSignInDateTime
    self.sponsors = sponsors
  }

  /// The later of the interactive and non-interactive sign-ins; nil for never.
  public var lastSeen: Date? {
    [lastSignInDateTime, lastNonInteractiveSignInDateTime].compactMap { $0 }.max()
  }

  /// Both kinds of sign-in are older than `cutoff`, or there never was one.
  public func isInactive(since cutoff: Date) -> Bool { lastSeen.map { $0 < cutoff } ?? true }
}

/// What `roster guests --inactive` read once every page was handed on: how many guests, and a
/// sentence when sponsors could not be read.
public struct InactiveGuestListing: Sendable, Equatable {
  public var count: Int
  public var sponsorNote: String?
  /// Graph refused sponsors for a permission or role (the note says which).
  public var sponsorsRefused: Bool

  public init(count: Int, sponsorNote: String? = nil, sponsorsRefused: Bool = false) {
    self.count = count
    self.sponsorNote = sponsorNote
    self.sponsorsRefused = sponsorsRefused
  }
}
