import Foundation
import RosterCore

/// Renders `roster signins`: one line per sign-in, JSON or CSV. Every field was cleaned where it
/// was decoded; sign-in logs carry what strangers typed (app names, places, user agents).
enum SignInOutput {
  static func render(_ entries: [SignInLogEntry], as format: OutputFormat, now: Date) throws -> String {
    switch format {
    case .table: return entries.map { HealthText.signInLine($0, now: now) + "\n" }.joined()
    case .json: return try PeopleOutput.json(entries.map(Row.init))
    case .csv: return TextTable.csv(Row.header, entries.map { Row($0).fields })
    }
  }

  /// One sign-in for scripts: Graph's names where there is one, plus `explanation`.
  struct Row: Encodable {
    var id: String
    var createdDateTime: String
    var succeeded: Bool
    var errorCode: Int
    var explanation: String
    var failureReason: String?
    var appDisplayName: String?
    var clientAppUsed: String?
    var ipAddress: String?
    var location: String?
    var conditionalAccessStatus: String?
    var failedPolicies: [String]
    /// The person's own attempt (`signInActivity`'s `lastSignInDateTime` counts these) or a
    /// client's on their behalf (`lastNonInteractiveSignInDateTime`).
    var isInteractive: Bool?
    /// Whose sign-in (Graph's names): the tenant-wide log mixes everyone's.
    var userId: String?
    var userPrincipalName: String?
    var userDisplayName: String?

    init(_ entry: SignInLogEntry) {
      id = CleanText(entry.id).string
      createdDateTime = entry.createdDateTime.formatted(.iso8601)
      succeeded = entry.succeeded
      errorCode = entry.errorCode
      explanation = entry.explanation
      failureReason = entry.failureReason?.string
      appDisplayName = entry.appDisplayName?.string
      clientAppUsed = entry.clientAppUsed?.string
      ipAddress = entry.ipAddress?.string
      location = entry.place
      conditionalAccessStatus = entry.conditionalAccessStatus?.string
      failedPolicies = entry.failedPolicies.map(\.string)
      isInteractive = entry.isInteractive
      userId = entry.userId.map { CleanText($0).string }
      userPrincipalName = entry.userPrincipalName?.string
      userDisplayName = entry.userDisplayName?.string
    }

    static let header = [
      "createdDateTime", "succeeded", "errorCode", "explanation", "appDisplayName", "clientAppUsed", "ipAddress",
      "location", "conditionalAccessStatus", "failedPolicies", "id", "isInteractive", "userPrincipalName",
      "userDisplayName", "userId",
    ]

    var fields: [String] {
      [
        createdDateTime, succeeded ? "true" : "false", String(errorCode), explanation, appDisplayName ?? "",
        clientAppUsed ?? "", ipAddress ?? "", location ?? "", conditionalAccessStatus ?? "",
        failedPolicies.joined(separator: "; "), id, isInteractive.map { $0 ? "true" : "false" } ?? "",
        userPrincipalName ?? "", userDisplayName ?? "", userId ?? "",
      ]
    }
  }
}
