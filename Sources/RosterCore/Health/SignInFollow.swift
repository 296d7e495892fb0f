import Foundation

/// One cause of sign-ins, for the tenant-wide list grouped by cause (issue 43 item 2): the
/// error code, Roster's plain words for it, and the sign-ins it ended, newest first.
public struct SignInCause: Sendable, Equatable {
  public var errorCode: Int
  public var explanation: String
  public var entries: [SignInLogEntry]

  /// "Wrong user name or password (AADSTS50126) — 12 sign-ins"; success is "Signed in — 3 sign-ins".
  public var header: String {
    let code = errorCode == 0 ? "" : " (AADSTS\(errorCode))"
    return "\(explanation)\(code) — \(entries.count) sign-in\(entries.count == 1 ? "" : "s")"
  }

  /// Groups by error code: the largest group first (what is failing most is what to fix first),
  /// ties by the newest sign-in; each group's sign-ins newest first.
  public static func grouped(_ entries: [SignInLogEntry]) -> [SignInCause] {
    var byCode: [Int: [SignInLogEntry]] = [:]
    for entry in entries { byCode[entry.errorCode, default: []].append(entry) }
    return byCode.map { code, members in
      let sorted = members.sorted { ($0.createdDateTime, $0.id) > ($1.createdDateTime, $1.id) }
      return SignInCause(errorCode: code, explanation: sorted[0].explanation, entries: sorted)
    }
    .sorted { left, right in
      if left.entries.count != right.entries.count { return left.entries.count > right.entries.count }
      return left.entries[0].createdDateTime > right.entries[0].createdDateTime
    }
  }
}

/// What `roster signins --follow` remembers between polls: the newest sign-in seen and the ids
/// already printed.
///
/// Sign-ins reach the log late — Microsoft's own walk-through of a failed sign-in says "Wait for
/// 5 minutes to ensure that you can find the event in the sign-in log"
/// (learn.microsoft.com/entra/identity/monitoring-health/quickstart-analyze-sign-in) — so a
/// sign-in made before the newest one seen can still arrive. Each poll therefore asks `createdDateTime gt` the newest seen *less an overlap*, and
/// drops what it has printed by id; Graph's times carry fractions Roster drops, so the boundary
/// second comes back too and is dropped the same way.
public struct SignInFollower: Sendable {
  /// How far back each poll reaches before the newest sign-in seen.
  public static let overlap: TimeInterval = 5 * 60
  /// Ids remembered: far more than one overlap window holds in a large tenant, still bounded.
  public static let rememberedMax = 50_000

  /// The newest `createdDateTime` seen, or when following started.
  public private(set) var newest: Date
  private var seen: Set<String> = []
  private var order: [String] = []

  public init(start: Date, already: [SignInLogEntry] = []) {
    newest = start
    _ = admit(already)
  }

  /// The `createdDateTime gt` the next poll asks with.
  public var after: Date { newest.addingTimeInterval(-Self.overlap) }

  /// The sign-ins not printed before, oldest first (the order a follow prints them: the newest
  /// at the bottom, as `tail -f` does); remembers them.
  public mutating func admit(_ entries: [SignInLogEntry]) -> [SignInLogEntry] {
    var fresh: [SignInLogEntry] = []
    for entry in entries where seen.insert(entry.id).inserted {
      order.append(entry.id)
      fresh.append(entry)
      newest = max(newest, entry.createdDateTime)
    }
    if order.count > Self.rememberedMax {
      let dropped = order.count - Self.rememberedMax
      for id in order.prefix(dropped) { seen.remove(id) }
      order.removeFirst(dropped)
    }
    return fresh.sorted { ($0.createdDateTime, $0.id) < ($1.createdDateTime, $1.id) }
  }
}

/// `--every`: how often `--follow` polls, within the reports API's budget.
///
/// Microsoft Graph's "Identity and access reports service limits" (learn.microsoft.com/graph/throttling-limits)
/// allow **5 requests per 10 seconds per app per tenant** (122 per 10 s per app across tenants) for
/// `auditLogRoot`, which `/auditLogs/signIns` is. Every copy of Roster in a tenant is the same app,
/// so the budget is shared by everyone following at once: the default, 30 s, is one request per
/// 30 s (a fifteenth of the budget); the floor, 10 s, with at most `pagesPerPoll` pages a poll,
/// still stays under half of it.
public enum FollowInterval {
  public static let floor: TimeInterval = 10
  public static let standard: TimeInterval = 30
  public static let ceiling: TimeInterval = 3_600
  /// Pages one poll reads at most (1,000 sign-ins each).
  public static let pagesPerPoll = 2

  /// "30s", "2m", "45" (seconds) → seconds; nil when unreadable or outside floor…ceiling.
  public static func seconds(_ text: String) -> TimeInterval? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let value: Double?
    if let number = Double(trimmed) {
      value = number
    } else if let unit = trimmed.last, let count = Double(trimmed.dropLast()) {
      value = ["s": 1, "m": 60, "h": 3_600][unit].map { count * $0 }
    } else {
      value = nil
    }
    guard let value, value.isFinite, (floor...ceiling).contains(value) else { return nil }
    return value
  }
}
