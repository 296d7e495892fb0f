import Foundation
import SandboxDirectory

/// A generated sign-in history per user: the same for the same seed and user, newest first,
/// inside Graph's 30-day retention, with real AADSTS codes and strings meant to hurt a terminal
/// (escape sequences, bidi overrides, long names) where clients print them.
enum SignInHistory {
  struct Entry {
    var id: String
    var time: Date
    var errorCode: Int
    var isInteractive: Bool
    /// Made when a page is written, not when the entry is: the tenant-wide log draws every
    /// person's history for each request and serves a page of it, and formatting each entry's
    /// dates was most of three seconds at 200,000 people.
    private let makeJSON: @Sendable () -> JSONValue

    var json: JSONValue { makeJSON() }

    init(
      id: String, time: Date, errorCode: Int, isInteractive: Bool,
      json: @autoclosure @escaping @Sendable () -> JSONValue
    ) {
      self.id = id
      self.time = time
      self.errorCode = errorCode
      self.isInteractive = isInteractive
      self.makeJSON = json
    }
  }

  /// Codes and Graph's `failureReason`; 0 is success and is most common.
  static let outcomes: [(Int, String)] = [
    (0, ""), (0, ""), (0, ""), (0, ""), (50126, "Error validating credentials due to invalid username or password."),
    (50074, "Strong Authentication is required."),
    (
      50076,
      "Due to a configuration change made by your administrator, or because you moved to a new location, "
        + "you must use multi-factor authentication to access '00000003-0000-0000-c000-000000000000'."
    ),
    (53003, "Access has been blocked by Conditional Access policies."), (50057, "The user account is disabled."),
    (50055, "The password is expired."), (90072, "User account from identity provider does not exist in tenant."),
    (500121, "Authentication failed during strong authentication request."),
  ]
  static let apps = [
    "Microsoft Teams", "Office 365 Exchange Online", "Azure Portal", "Outlook\u{1B}[2J\u{1B}]0;pwned\u{07}",
    "Contoso \u{202E}ppA\u{202C} Portal", String(repeating: "Very Long Application Name ", count: 12),
  ]
  static let clients = ["Browser", "Mobile Apps and Desktop clients", "Exchange ActiveSync", "Other clients"]
  static let places: [(String, String, String)] = [
    ("Oslo", "Oslo", "NO"), ("Seattle", "Washington", "US"), ("القاهرة", "Cairo", "EG"), ("\u{1B}[31mRed", "X", "ZZ"),
  ]

  static func entries(for user: DirectoryUser, seed: UInt64, now: Date) -> [Entry] {
    // A dormant guest signed in last more than 30 days ago: nothing in the log (`AccountFacts+Dormant`).
    if AccountFacts(user: user, seed: seed, now: now).isDormant { return [] }
    var state = fnv(user.id) ^ seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let count = Int(next() % 40)
    let window = Double(GraphEndpoints.signInRetentionDays) * 86_400
    let facts = AccountFacts(user: user, seed: seed, now: now)
    var entries: [Entry] = []
    // `String(format:)` for each id was a quarter of the tenant-wide log's time.
    let idPrefix = hex(UInt64(UInt32(truncatingIfNeeded: fnv(user.id))), width: 8) + "-0000-4000-8000-"
    for index in 0..<count {
      let time = now.addingTimeInterval(-Double(next() % UInt64(window))).rounded()
      let (code, reason) = plausible(outcomes[Int(next() % UInt64(outcomes.count))], at: time, facts: facts)
      let place = places[Int(next() % UInt64(places.count))]
      let id = idPrefix + hex(UInt64(index), width: 12)
      let failedPolicy = code == 53003
      let app = apps[Int(next() % UInt64(apps.count))]
      let client = clients[Int(next() % UInt64(clients.count))]
      let address = next() % 3 == 0 ? "2001:db8::\(index)" : "192.0.2.\(index % 250)"
      let interactive = next() % 4 != 0
      let json: @Sendable () -> JSONValue = {
        .object([
          ("id", .string(id)), ("createdDateTime", .string(time.formatted(.iso8601))),
          ("userId", .string(user.id)), ("userPrincipalName", .string(user.userPrincipalName)),
          ("userDisplayName", user.displayName.map { .string($0) } ?? .null),
          ("appDisplayName", .string(app)), ("clientAppUsed", .string(client)), ("ipAddress", .string(address)),
          ("isInteractive", .bool(interactive)),
          ("conditionalAccessStatus", .string(failedPolicy ? "failure" : code == 0 ? "success" : "notApplied")),
          (
            "appliedConditionalAccessPolicies",
            .array(
              failedPolicy
                ? [
                  .object([
                    ("displayName", .string("Block outside \u{202E}NO\u{202C}")), ("result", .string("failure")),
                  ])
                ]
                : [])
          ),
          (
            "status",
            .object([
              ("errorCode", .number(Double(code))), ("failureReason", code == 0 ? .null : .string(reason)),
            ])
          ),
          (
            "location",
            .object([("city", .string(place.0)), ("state", .string(place.1)), ("countryOrRegion", .string(place.2))])
          ),
        ])
      }
      entries.append(Entry(id: id, time: time, errorCode: code, isInteractive: interactive, json: json()))
    }
    return entries.sorted { $0.time > $1.time }
  }

  /// The outcome as this person's account allowed it at `time`: from the moment an account was
  /// disabled every attempt fails with 50057 and none succeeds (so signInActivity, read from the
  /// same entries, agrees); before it, and for an account never disabled, "disabled" is not a
  /// possible answer. A guest who has not accepted gets nothing but "not a user of the tenant".
  static func plausible(_ outcome: (Int, String), at time: Date, facts: AccountFacts) -> (Int, String) {
    let wrongPassword = outcomes[4]
    if facts.externalUserState == "PendingAcceptance" { return outcomes.first { $0.0 == 90072 } ?? outcome }
    if let disabled = facts.disabledDateTime, time >= disabled {
      return outcomes.first { $0.0 == 50057 } ?? outcome
    }
    switch outcome.0 {
    case 50057, 90072: return wrongPassword
    default: return outcome
    }
  }

  /// `value` in lower-case hexadecimal, zero-padded to `width` digits (`%0*x`).
  static func hex(_ value: UInt64, width: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// FNV-1a: stable across runs (Swift's `hashValue` is seeded per process).
  static func fnv(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}

extension Date {
  /// Whole seconds, as Graph's sign-in times are compared here.
  fileprivate func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
