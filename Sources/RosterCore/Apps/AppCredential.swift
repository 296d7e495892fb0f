import Foundation

/// A client secret (Graph's `passwordCredential`). Graph never answers the secret after it was
/// made (`secretText` is null), only its first characters as `hint`; Roster keeps no more.
public struct PasswordCredential: Sendable, Equatable, Hashable, Codable {
  public var keyId: String?
  public var displayName: CleanText?
  public var hint: CleanText?
  public var startDateTime: Date?
  public var endDateTime: Date?

  public init(
    keyId: String?, displayName: CleanText? = nil, hint: CleanText? = nil, startDateTime: Date? = nil,
    endDateTime: Date?
  ) {
    self.keyId = keyId
    self.displayName = displayName
    self.hint = hint
    self.startDateTime = startDateTime
    self.endDateTime = endDateTime
  }
}

/// A certificate (Graph's `keyCredential`). One SAML signing certificate is listed twice, `Sign`
/// and `Verify`, under one `customKeyIdentifier` (its thumbprint, base64 as Graph writes it).
public struct KeyCredential: Sendable, Equatable, Hashable, Codable {
  public var keyId: String?
  public var customKeyIdentifier: String?
  public var displayName: CleanText?
  /// `Sign` or `Verify`.
  public var usage: CleanText?
  /// `AsymmetricX509Cert`, `Symmetric`.
  public var type: CleanText?
  public var startDateTime: Date?
  public var endDateTime: Date?

  public init(
    keyId: String?, customKeyIdentifier: String? = nil, displayName: CleanText? = nil, usage: CleanText? = nil,
    type: CleanText? = nil, startDateTime: Date? = nil, endDateTime: Date?
  ) {
    self.keyId = keyId
    self.customKeyIdentifier = customKeyIdentifier
    self.displayName = displayName
    self.usage = usage
    self.type = type
    self.startDateTime = startDateTime
    self.endDateTime = endDateTime
  }
}

/// One secret or certificate as ops count them: what it is, its name and when it ends. A
/// certificate listed for both Sign and Verify is one certificate.
public struct AppCredentialDue: Sendable, Equatable, Hashable, Codable {
  public enum Kind: String, Sendable, Codable { case secret, certificate }
  public var kind: Kind
  public var keyId: String?
  /// Its display name, else a secret's hint ("abc…") or a certificate's thumbprint.
  public var name: CleanText?
  public var endDateTime: Date?

  public init(kind: Kind, keyId: String?, name: CleanText?, endDateTime: Date?) {
    self.kind = kind
    self.keyId = keyId
    self.name = name
    self.endDateTime = endDateTime
  }

  /// Whether it ends before `date` (one without an end never does).
  public func ends(before date: Date) -> Bool { endDateTime.map { $0 < date } ?? false }
}

extension AppObject {
  /// Its secrets and certificates, soonest end first (those without an end last). A certificate
  /// that shares its `customKeyIdentifier` with one already counted (Sign beside Verify) is one.
  public var credentials: [AppCredentialDue] {
    var seen = Set<String>()
    var dues = passwordCredentials.map { secret in
      AppCredentialDue(
        kind: .secret, keyId: secret.keyId, name: secret.displayName ?? secret.hint.map { CleanText($0.string + "…") },
        endDateTime: secret.endDateTime)
    }
    for certificate in keyCredentials {
      if let thumbprint = certificate.customKeyIdentifier, !thumbprint.isEmpty {
        guard seen.insert(thumbprint).inserted else { continue }
      }
      dues.append(
        AppCredentialDue(
          kind: .certificate, keyId: certificate.keyId,
          name: certificate.displayName ?? certificate.customKeyIdentifier.map { CleanText($0) },
          endDateTime: certificate.endDateTime))
    }
    return dues.enumerated().sorted { left, right in
      switch (left.element.endDateTime, right.element.endDateTime) {
      case (let l?, let r?) where l != r: return l < r
      case (nil, _?): return false
      case (_?, nil): return true
      default: return left.offset < right.offset
      }
    }.map(\.element)
  }

  /// When its soonest secret or certificate ends: what `--expiring` and the index sort by.
  public var soonestCredentialEnd: Date? { credentials.first?.endDateTime }
}

/// Days left in words, as a person reads an expiry: "expired 3 days ago", "expires today",
/// "expires tomorrow", "expires in 12 days", "expires in 4 months", "expires in 2 years". Whole
/// days are counted in UTC from `now`, so one run's rows agree with each other.
public enum ExpiryWords {
  public static func phrase(_ end: Date?, now: Date) -> String {
    guard let end else { return "never expires" }
    let days = daysLeft(end, now: now)
    if end < now {
      let ago = -days
      if ago == 0 { return "expired today" }
      return "expired " + span(ago) + " ago"
    }
    switch days {
    case 0: return "expires today"
    case 1: return "expires tomorrow"
    default: return "expires in " + span(days)
    }
  }

  /// Whole days from `now` to `end` (negative when past), by the calendar day in UTC. Unix time
  /// has 86,400 seconds in every day and UTC days start at its multiples, so the day numbers are
  /// divisions; a Calendar here was a tenth of a ten-thousand-row report's time.
  public static func daysLeft(_ end: Date, now: Date) -> Int {
    utcDay(end) - utcDay(now)
  }

  private static func utcDay(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) }

  /// "1 day", "12 days", "4 months" (from 60 days), "2 years" (from 730 days).
  static func span(_ days: Int) -> String {
    switch days {
    case ..<60: return days == 1 ? "1 day" : "\(days) days"
    case ..<730: return "\(days / 30) months"
    default: return "\(days / 365) years"
    }
  }
}
