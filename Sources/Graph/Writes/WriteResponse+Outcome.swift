import Foundation
import RosterCore

extension WriteResponse {
  /// What `plan` came to, in the sentence the command line and the pane both show: what changed
  /// and how to undo it, a refusal that says why and who could, or that the write may or may not
  /// have happened. A TAP's pass travels beside the text, never in it.
  public func outcome(_ plan: WritePlan, pass: TemporaryAccessPass?) -> WriteOutcome {
    let reference = requestId.map { " Graph request-id: \($0)." } ?? ""
    if let failure {
      guard failure.isRefusal else {
        return WriteOutcome(
          result: .unknown(failure.error),
          text: failure.error.plainMessage.string
            + " The write may or may not have happened: look at the person before trying again." + reference)
      }
      // A 404 on the person is "no such person"; on a membership removal it is "not a member".
      let notFound = failure.status == 404 && plan.kind != .groupRemove
      return WriteOutcome(
        result: Self.isSoAlready(plan, failure) ? .unchanged : notFound ? .notFound : .refused,
        text: WriteRefusal.sentence(plan, status: failure.status, code: failure.code, message: failure.message)
          + reference)
    }
    guard plan.kind == .tap else {
      return WriteOutcome(result: .done, text: plan.changed + " " + plan.undo + reference)
    }
    guard let pass else {
      return WriteOutcome(
        result: .unknown(.malformedResponse("no pass in the answer")),
        text: "Graph created the pass but its answer did not hold it: create another one." + reference)
    }
    var facts: [String] = []
    if let minutes = pass.lifetimeInMinutes ?? plan.lifetimeMinutes {
      facts.append("valid \(WritePlan.minutes(minutes))")
    }
    if let start = pass.startDateTime { facts.append("from \(start.formatted(.iso8601))") }
    facts.append((pass.isUsableOnce ?? plan.usableOnce) ? "usable once" : "usable more than once")
    return WriteOutcome(
      result: .done,
      text: plan.changed.dropLast() + " (" + facts.joined(separator: ", ") + "); it is shown once and kept nowhere. "
        + plan.undo + reference,
      pass: pass.pass)
  }
}

extension WriteResponse {
  /// Graph's refusals that mean the membership is as asked already: adding a member (400 "One or
  /// more added object references already exist", group-post-members) or removing a non-member
  /// (404, group-delete-members).
  static func isSoAlready(_ plan: WritePlan, _ failure: WriteFailure) -> Bool {
    switch plan.kind {
    case .groupAdd: return failure.status == 400 && failure.message.lowercased().contains("already exist")
    case .groupRemove: return failure.status == 404
    default: return false
    }
  }
}

extension WriteRecord {
  /// The audit line for `plan` as Graph answered it: ok, refused (a 4xx: nothing changed) or
  /// failed (no answer that says).
  public init(plan: WritePlan, response: WriteResponse, account: String, time: Date) {
    let outcome: Outcome = response.succeeded ? .ok : (response.failure?.isRefusal == true ? .refused : .failed)
    self.init(
      time: time, account: account, plan: plan, requestId: response.requestId, outcome: outcome,
      status: response.status == 0 ? nil : response.status, code: response.failure?.code)
  }
}
