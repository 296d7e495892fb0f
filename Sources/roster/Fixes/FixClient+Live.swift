import AppRuntime
import Foundation
import Graph
import Identity
import RosterCore
import Transport

extension FixClient {
  /// The pane's fixes over the command line's own parts: `DirectoryWrites` looks up and sends,
  /// `WriteResponse.outcome` words the result, `WriteAuditFile` records each attempt. A sign-in
  /// without the write's permission is widened silently first (`widen`: the session's
  /// `widenScopes`; nil for the demo, whose sign-in holds every write permission); when that
  /// needs an interactive sign-in the box says how, and nothing is sent
  /// (docs/decisions/writes.md).
  static func live(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    widen: (@Sendable ([String]) async throws -> IdentitySession.ScopeWidening)?, audit: WriteAuditFile
  ) -> FixClient {
    let writes = DirectoryWrites.live(configuration: configuration, tokens: tokens, transport: transport)
    return FixClient(
      person: { id throws(DirectoryError) in try await writes.person(.objectId(id), { _ in }) },
      group: { argument throws(DirectoryError) in try await writes.group(argument, { _ in }) },
      perform: { plan, account, scopes in
        // A sign-in that lacks the write's permission is widened silently; the demo (no `widen`)
        // signs in with every write permission, so it only checks.
        let silent: WriteConsent.Silent
        if let widen {
          silent = await WriteConsent.silently(plan.kind, granted: scopes, widen: widen)
        } else {
          silent =
            plan.kind.missingScopes(from: scopes).isEmpty ? .held : .refused(SignInFailure(message: "no sign-in"))
        }
        var granted: [String]?
        switch silent {
        case .held: break
        case .added(let widened): granted = widened
        case .refused:
          return WriteOutcome(
            result: .needsPermission,
            text: WriteRefusal.missingPermission(plan.kind, lacking: plan.kind.missingScopes(from: scopes))
              + " From a shell, `roster " + plan.kind.commandName + " " + plan.person.userPrincipalName
              + "` signs in once for it; the pane has it after that. Nothing was sent.")
        }
        let (response, pass) = await writes.perform(plan)
        var outcome = response.outcome(plan, pass: pass)
        outcome.grantedScopes = granted
        do {
          try audit.append(WriteRecord(plan: plan, response: response, account: account, time: Date()))
        } catch {
          outcome.text += " The attempt could not be recorded in the audit file: \(error)"
        }
        return outcome
      })
  }
}
