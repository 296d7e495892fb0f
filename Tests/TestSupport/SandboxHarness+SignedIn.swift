import Foundation
import Sandbox
import Testing

extension SandboxHarness {
  /// A sandbox and `roster` signed in to it by device code with `scopes` (approved after 200 ms),
  /// for the command tests of one list each (`roster roles`, `mfa`, `guests`, `deleted`,
  /// `signins`): what each suite's set-up was, written once.
  public static func withSignedInRoster(
    scopes: String, configure: (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (RosterProcess, SandboxHarness) async throws -> Void
  ) async throws {
    try await with(configure: {
      $0.approveAfter = .milliseconds(200)
      configure(&$0)
    }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": scopes])
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr)")
      try await body(roster, harness)
    }
  }
}
