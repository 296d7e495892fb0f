import Foundation

/// One entry of `/auditLogs/signIns`: who tried, from where, with what, and why it failed.
public struct SignInLogEntry: Sendable, Equatable, Codable {
  public var id: String
  public var createdDateTime: Date
  public var appDisplayName: CleanText?
  /// `clientAppUsed`: "Browser", "Mobile Apps and Desktop clients", "Exchange ActiveSync"…
  public var clientAppUsed: CleanText?
  public var ipAddress: CleanText?
  public var city: CleanText?
  public var state: CleanText?
  public var countryOrRegion: CleanText?
  /// 0 is success; anything else is an AADSTS number (`SignInErrorCatalog` says it in words).
  public var errorCode: Int
  public var failureReason: CleanText?
  /// `success`, `failure` or `notApplied`.
  public var conditionalAccessStatus: CleanText?
  /// The Conditional Access policies that failed this sign-in, by name.
  public var failedPolicies: [CleanText]
  public var isInteractive: Bool?
  /// Who tried (`userId`, `userPrincipalName`, `userDisplayName`): the tenant-wide log (issue 43)
  /// mixes everyone's sign-ins, so each row has to say whose it is.
  public var userId: String?
  public var userPrincipalName: CleanText?
  public var userDisplayName: CleanText?

  public init(
    id: String, createdDateTime: Date, appDisplayName: CleanText? = nil, clientAppUsed: CleanText? = nil,
    ipAddress: CleanText? = nil, city: CleanText? = nil, state: CleanText? = nil, countryOrRegion: CleanText? = nil,
    errorCode: Int = 0, failureReason: CleanText? = nil, conditionalAccessStatus: CleanText? = nil,
    failedPolicies: [CleanText] = [], isInteractive: Bool? = nil, userId: String? = nil,
    userPrincipalName: CleanText? = nil, userDisplayName: CleanText? = nil
  ) {
    self.id = id
    self.createdDateTime = createdDateTime
    self.appDisplayName = appDisplayName
    self.clientAppUsed = clientAppUsed
    self.ipAddress = ipAddress
    self.city = city
    self.state = state
    self.countryOrRegion = countryOrRegion
    self.errorCode = errorCode
    self.failureReason = failureReason
    self.conditionalAccessStatus = conditionalAccessStatus
    self.failedPolicies = failedPolicies
    self.isInteractive = isInteractive
    self.userId = userId
    self.userPrincipalName = userPrincipalName
    self.userDisplayName = userDisplayName
  }

  /// "Priya Raman (priya.raman@contoso.com)", the one Graph gave, or "unknown person".
  public var person: String {
    let name = userDisplayName?.string.trimmingCharacters(in: .whitespaces) ?? ""
    let upn = userPrincipalName?.string.trimmingCharacters(in: .whitespaces) ?? ""
    switch (name.isEmpty, upn.isEmpty) {
    case (false, false): return name == upn ? name : "\(name) (\(upn))"
    case (false, true): return name
    case (true, false): return upn
    case (true, true): return userId.map { CleanText($0).string } ?? "unknown person"
    }
  }

  public var succeeded: Bool { errorCode == 0 }

  /// "Oslo, Oslo, NO", or nil when Graph placed it nowhere.
  public var place: String? {
    let parts = [city, state, countryOrRegion].compactMap { $0?.string }.filter { !$0.isEmpty }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// The error in plain words: Roster's own wording when it knows the code, else Graph's
  /// `failureReason`, else the bare number.
  public var explanation: String {
    if succeeded { return "Signed in" }
    if let known = SignInErrorCatalog.explanation(for: errorCode) { return known }
    if let reason = failureReason?.string, !reason.isEmpty { return reason }
    return "Failed with error \(errorCode)"
  }
}

/// Which sign-ins to read: one person's, or (no `userID`) the whole tenant's.
public struct SignInQuery: Sendable, Equatable {
  /// The person's object id: Graph filters sign-ins by `userId`, a GUID. nil: everyone's.
  public var userID: String?
  /// Only failures (`status/errorCode ne 0`).
  public var failedOnly: Bool
  /// Only sign-ins at or after this instant (`createdDateTime ge`).
  public var since: Date?
  /// Only sign-ins strictly after this instant (`createdDateTime gt`): what `--follow` polls with.
  public var after: Date?
  /// At most this many events (Graph pages hold up to 1,000).
  public var limit: Int

  public init(
    userID: String?, failedOnly: Bool = false, since: Date? = nil, after: Date? = nil, limit: Int = 1_000
  ) {
    self.userID = userID
    self.failedOnly = failedOnly
    self.since = since
    self.after = after
    self.limit = limit
  }
}

/// Graph keeps sign-in logs about 30 days (a maintainer in microsoft/entra-powershell#1596), so a
/// question reaching further back gets an answer that is quietly short; Roster says so.
public enum SignInRetention {
  public static let days = 30

  /// The note for a `since` past the retention, nil otherwise.
  public static func note(since: Date?, now: Date) -> String? {
    guard let since, now.timeIntervalSince(since) > Double(days) * 86_400 else { return nil }
    return "Microsoft Graph keeps sign-in logs for about \(days) days; anything older is no longer there."
  }
}
