import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// Issue 40 items 1 and 8 over HTTP: `Directory.Read.All` reads a user's account state and
/// `signInActivity` as `User.Read.All` does, and the sign-in log agrees with the account: once an
/// account is disabled its attempts fail with 50057 and none succeeds, and `signInActivity`'s three
/// clocks are the log's newest interactive attempt, non-interactive attempt and success.
@Suite("Graph v1.0 sign-in history agrees with the account")
struct SignInHistoryAgreementTests {
  static let userReadAll = AccountHealthGraphTests.ops
  static let directoryReadAll =
    "openid profile offline_access User.Read User.ReadBasic.All AuditLog.Read.All Directory.Read.All"
  static let directory = AccountHealthGraphTests.directory

  static func log(_ h: SandboxHarness, _ user: DirectoryUser, token: String) async throws -> [[String: Any]] {
    let reply = try await h.graph(
      "/v1.0/auditLogs/signIns?$filter=\(SandboxHarness.q("userId eq '\(user.id)'"))&$top=1000", token: token)
    #expect(reply.status == 200, "\(reply.text)")
    return AccountHealthGraphTests.values(reply)
  }

  static func code(_ entry: [String: Any]) -> Int {
    ((entry["status"] as? [String: Any])?["errorCode"] as? NSNumber)?.intValue ?? -1
  }

  @Test("Directory.Read.All reads the state and signInActivity as User.Read.All does")
  func directoryReadAllIsASuperset() async throws {
    try await AccountHealthGraphTests.with { h in
      let full = try await h.signIn(scope: Self.userReadAll).accessToken
      let directory = try await h.signIn(scope: Self.directoryReadAll).accessToken
      let select = AccountHealthGraphTests.state + ",usageLocation,employeeId,signInActivity"
      var synced = false
      for user in Self.directory.users.prefix(40) where user.id != Self.directory.defaultUser.id {
        let byUser = try await h.graph("/v1.0/users/\(user.id)?$select=\(select)", token: full)
        let byDirectory = try await h.graph("/v1.0/users/\(user.id)?$select=\(select)", token: directory)
        #expect(byUser.status == 200 && byDirectory.status == 200, "\(byDirectory.text)")
        #expect(byDirectory.json["accountEnabled"] is Bool, "\(byDirectory.text)")
        #expect(byDirectory.text == byUser.text)
        if byDirectory.json["onPremisesSyncEnabled"] as? Bool == true { synced = true }
      }
      #expect(synced, "some of the first 40 are synced from AD")
    }
  }

  @Test("a disabled account fails with 50057 from its disabling on, and signInActivity agrees with the log")
  func disabledAccountsAndTheThreeClocks() async throws {
    try await AccountHealthGraphTests.with { h in
      let token = try await h.signIn(scope: Self.userReadAll).accessToken
      let disabled = Self.directory.users.filter { !$0.accountEnabled }.prefix(8)
      #expect(!disabled.isEmpty)
      var sawDisabledFailure = false
      for user in disabled {
        let entries = try await Self.log(h, user, token: token)  // newest first
        // Oldest first: from the first 50057 on, nothing but 50057.
        let oldestFirst = Array(entries.reversed())
        if let first = oldestFirst.firstIndex(where: { Self.code($0) == 50057 }) {
          sawDisabledFailure = true
          let after = oldestFirst[first...].map(Self.code)
          #expect(after.allSatisfy { $0 == 50057 }, "\(user.userPrincipalName): \(after)")
        }
      }
      #expect(sawDisabledFailure, "some disabled account tried to sign in after it was disabled")
      for user in Self.directory.users.filter({ $0.accountEnabled && $0.userType == "Member" }).prefix(20) {
        let entries = try await Self.log(h, user, token: token)
        #expect(!entries.contains { Self.code($0) == 50057 }, "\(user.userPrincipalName) is enabled")
        let reply = try await h.graph("/v1.0/users/\(user.id)?$select=id,signInActivity", token: token)
        guard let activity = reply.json["signInActivity"] as? [String: Any] else {
          #expect(entries.isEmpty, "signInActivity is null only for an empty log")
          continue
        }
        func newest(_ keep: ([String: Any]) -> Bool) -> String? {
          entries.first(where: keep)?["createdDateTime"] as? String
        }
        #expect(activity["lastSignInDateTime"] as? String == newest { $0["isInteractive"] as? Bool == true })
        #expect(
          activity["lastNonInteractiveSignInDateTime"] as? String == newest { $0["isInteractive"] as? Bool == false })
        #expect(activity["lastSuccessfulSignInDateTime"] as? String == newest { Self.code($0) == 0 })
      }
    }
  }
}
