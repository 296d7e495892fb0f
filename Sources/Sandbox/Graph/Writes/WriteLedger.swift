import Foundation
import Synchronization

/// What the sandbox's write endpoints (issue 45) changed that the directory does not hold: when
/// each person's sessions were last revoked, the Temporary Access Pass each holds, re-sent and reset
/// invitations, and the directory audit entries of the writes. The directory's own changes
/// (`accountEnabled`, group members) go through `DirectoryHistory`, so every read sees them.
final class WriteLedger: Sendable {
  /// One Temporary Access Pass; the secret itself is never kept, only shown once in the 201.
  struct Pass: Sendable {
    var id: String
    var created: Date
    var start: Date
    var lifetimeInMinutes: Int
    var isUsableOnce: Bool
  }

  private struct State {
    var sessionsValidFrom: [String: Date] = [:]
    var passes: [String: Pass] = [:]
    var invitationsSent: [String: Date] = [:]
    /// Guests whose redemption was reset: pending again.
    var resetRedemption: Set<String> = []
    var audits: [WriteAudit] = []
  }

  private let state = Mutex(State())

  func revokeSessions(of userId: String, at date: Date) {
    state.withLock { $0.sessionsValidFrom[userId] = date }
  }

  func sessionsValidFrom(_ userId: String) -> Date? { state.withLock { $0.sessionsValidFrom[userId] } }

  /// Stores `pass` as the user's only pass; Graph deletes the one before (temporaryaccesspass docs).
  func setPass(_ pass: Pass, for userId: String) { state.withLock { $0.passes[userId] = pass } }

  func pass(of userId: String) -> Pass? { state.withLock { $0.passes[userId] } }

  func recordInvitation(to userId: String, at date: Date, reset: Bool) {
    state.withLock {
      $0.invitationsSent[userId] = date
      if reset { $0.resetRedemption.insert(userId) }
    }
  }

  func invitationSent(to userId: String) -> Date? { state.withLock { $0.invitationsSent[userId] } }
  func isRedemptionReset(_ userId: String) -> Bool { state.withLock { $0.resetRedemption.contains(userId) } }

  func append(_ audit: WriteAudit) { state.withLock { $0.audits.append(audit) } }

  /// Newest first, as the audit log lists.
  var audits: [WriteAudit] { state.withLock { $0.audits.reversed() } }
}
