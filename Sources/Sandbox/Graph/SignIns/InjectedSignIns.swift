import Foundation
import SandboxDirectory
import Synchronization

/// Sign-ins added through `POST /_sandbox/signins` (issue 43 item 2): a failure that happens
/// *now*, so `roster signins --follow` can be shown one arriving. The generated history
/// (`SignInHistory`) is made at each request from the seed at fixed ages before the clock, so
/// nothing in it is ever new; these are kept at the instant they were made and served with it.
final class InjectedSignIns: Sendable {
  struct Injected {
    var userId: String
    var entry: SignInHistory.Entry
  }

  private let entries = Mutex<[Injected]>([])

  func add(_ injected: Injected) { entries.withLock { $0.append(injected) } }

  /// Everyone's when `userId` is nil; within Graph's 30 days of `now`.
  func entries(for userId: String?, now: Date) -> [SignInHistory.Entry] {
    let oldest = now.addingTimeInterval(-Double(GraphEndpoints.signInRetentionDays) * 86_400)
    return entries.withLock { all in
      all.filter { (userId == nil || $0.userId == userId) && $0.entry.time >= oldest }.map(\.entry)
    }
  }

  func clear() { entries.withLock { $0.removeAll() } }

  var count: Int { entries.withLock { $0.count } }

  /// One entry in Graph's signIn shape, as `SignInHistory` makes them.
  static func make(
    id: String, user: DirectoryUser, time: Date, errorCode: Int, failureReason: String, app: String,
    client: String, address: String, place: (String, String, String), interactive: Bool
  ) -> SignInHistory.Entry {
    let json: JSONValue = .object([
      ("id", .string(id)), ("createdDateTime", .string(time.formatted(.iso8601))),
      ("userId", .string(user.id)), ("userPrincipalName", .string(user.userPrincipalName)),
      ("userDisplayName", user.displayName.map { .string($0) } ?? .null),
      ("appDisplayName", .string(app)), ("clientAppUsed", .string(client)), ("ipAddress", .string(address)),
      ("isInteractive", .bool(interactive)),
      ("conditionalAccessStatus", .string(errorCode == 53003 ? "failure" : errorCode == 0 ? "success" : "notApplied")),
      ("appliedConditionalAccessPolicies", .array([])),
      (
        "status",
        .object([
          ("errorCode", .number(Double(errorCode))), ("failureReason", errorCode == 0 ? .null : .string(failureReason)),
        ])
      ),
      (
        "location",
        .object([("city", .string(place.0)), ("state", .string(place.1)), ("countryOrRegion", .string(place.2))])
      ),
    ])
    return SignInHistory.Entry(id: id, time: time, errorCode: errorCode, isInteractive: interactive, json: json)
  }
}
