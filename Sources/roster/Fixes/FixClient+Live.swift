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
        var granted: [String]?
        let missing = plan.kind.missingScopes(from: scopes)
        if !missing.isEmpty {
          guard case .granted(let widened)? = try? await widen?(missing),
            plan.kind.missingScopes(from: widened.grantedScopes).isEmpty
          else {
            return WriteOutcome(
              result: .needsPermission,
              text: WriteRefusal.missingPermission(plan.kind, lacking: missing) + " From a shell, `roster "
                + plan.kind.commandName + " " + plan.person.userPrincipalName
                + "` signs in once for it; the pane has it after that. Nothing was sent.")
          }
          granted = widened.grantedScopes
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
