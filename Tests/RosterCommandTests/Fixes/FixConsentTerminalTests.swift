import Foundation
import Sandbox
import TestSupport
import Testing

/// Issue 45's incremental consent at a terminal, through the built binary on a pseudo-terminal of
/// its own against the sandbox: a write permission nobody has consented to yet cannot be added
/// silently (the sandbox answers AADSTS65001 `consent_required`, as Entra does), so `roster
/// revoke` signs in once more for it, after the user name is typed back, and then sends; the
/// permission is kept, so the next write asks nothing, and a second sign-in of the same person is
/// widened silently (consent is the person's).
@Suite(.serialized) struct FixConsentTerminalTests {
  @Test func aPermissionNotYetConsentedIsGrantedByOneSignInAtATerminal() async throws {
    let targets = try FixTargets()
    let upn = targets.plain.userPrincipalName
    try await FixCommandTests.withOperator(
      scopes: FixCommandTests.readScopes, configure: { $0.consentAtSignIn = ["User.RevokeSessions.All"] }
    ) { roster, harness in
      // Without a terminal the refusal is exit 5, naming the permission, and nothing is sent.
      let scripted = try await roster.run(["revoke", upn, "--yes"])
      #expect(scripted.status == 5 && scripted.stderr.contains("User.RevokeSessions.All"), "\(scripted.stderr)")
      var environment = harness.rosterEnvironment(extra: ["ROSTER_SCOPES": FixCommandTests.readScopes])
      environment["TERM"] = "xterm-256color"
      let child = try PseudoTerminalChild(arguments: ["revoke", upn], environment: environment)
      #expect(await child.waitFor { $0.contains("to go ahead: ") }, "\(child.transcript)")
      child.type(upn + "\r")
      #expect(await child.waitFor { $0.contains("Revoked the sign-in sessions of") }, "\(child.transcript)")
      #expect(child.transcript.contains("Sign in once more as"), "the silent request was refused: one sign-in")
      #expect(child.transcript.contains("enter the code"), "the device code was offered")
      #expect(await child.exitStatus() == 0)
      let again = try await roster.run(["revoke", upn, "--yes"])
      #expect(again.status == 0 && !again.stderr.contains("Sign in once more"), "\(again.stderr)")
      // Consent is the person's: a second sign-in of theirs is widened silently now.
      let other = harness.roster(state: "second", extra: ["ROSTER_SCOPES": FixCommandTests.readScopes])
      #expect(try await other.run(["login", "--device-code"]).status == 0)
      let silent = try await other.run(["revoke", upn, "--yes"])
      #expect(silent.status == 0 && silent.stderr.contains("Added User.RevokeSessions.All"), "\(silent.stderr)")
    }
  }
}
