import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

@Suite("B2C task API")
struct TaskAPITests {
  @Test("a customer lists, adds (JSON and form), completes, replaces and deletes their own tasks")
  func crud() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.b2cSignIn().accessToken
      let start = try await h.tasks("GET", token: token)
      #expect(start.status == 200)
      #expect(
        start.array.map { $0["Text"] as? String } == [
          "Add a task in the field above and press Enter", "Press Space to mark this one done",
          "Delete this one with the Delete key",
        ])
      #expect(start.array.first?["Owner"] as? String != nil)
      #expect(start.array.first?["DateModified"] as? String != nil)

      let added = try await h.tasks("POST", token: token, json: #"{"Text": "Buy milk"}"#)
      #expect(added.status == 201)
      let id = try #require(added.json["Id"] as? Int)
      #expect(added.header("Location")?.hasSuffix("/api/tasks/\(id)") == true)
      #expect(added.json["Completed"] as? Bool == false)
      let fromForm = try await h.tasks("POST", token: token, form: "Text=Call+%C3%81ine")
      #expect(fromForm.status == 201)
      #expect(fromForm["Text"] == "Call Áine")

      let done = try await h.tasks("PATCH", "/\(id)", token: token, json: #"{"Completed": true}"#)
      #expect(done.status == 200)
      #expect(done.json["Completed"] as? Bool == true)
      #expect(done["Text"] == "Buy milk")
      let replaced = try await h.tasks(
        "PUT", "/\(id)", token: token, json: #"{"Text": "Buy oat milk", "Completed": false}"#)
      #expect(replaced["Text"] == "Buy oat milk")
      #expect(try await h.tasks("GET", "/\(id)", token: token)["Text"] == "Buy oat milk")

      #expect(try await h.tasks("DELETE", "/\(id)", token: token).status == 204)
      #expect(try await h.tasks("DELETE", "/\(id)", token: token).status == 404)
      let end = try await h.tasks("GET", token: token)
      #expect(end.array.count == 4)
    }
  }

  @Test("another customer never sees, changes or deletes the first one's tasks: 404, not 403")
  func isolation() async throws {
    try await SandboxHarness.withManualClock { h in
      let first = try await h.b2cSignIn().accessToken
      let secondUser = h.sandbox.demoCustomers[1]
      let second = try await h.b2cSignIn(user: secondUser).accessToken
      let mine = try await h.tasks("POST", token: first, json: #"{"Text": "private"}"#)
      let id = try #require(mine.json["Id"] as? Int)

      let theirs = try await h.tasks("GET", token: second)
      #expect(theirs.array.map { $0["Text"] as? String } == ["Book the dentist", "Renew the passport"])
      #expect(!theirs.text.contains("private"))
      #expect(try await h.tasks("GET", "/\(id)", token: second).status == 404)
      #expect(try await h.tasks("PATCH", "/\(id)", token: second, json: #"{"Completed": true}"#).status == 404)
      #expect(try await h.tasks("DELETE", "/\(id)", token: second).status == 404)
      let after = try await h.tasks("GET", "/\(id)", token: first)
      #expect(after.json["Completed"] as? Bool == false)

      // A third customer's list is theirs alone, and a customer with no starter tasks starts empty.
      #expect(
        try await h.tasks("GET", token: try await h.b2cSignIn(user: h.sandbox.demoCustomers[2]).accessToken)
          .array.count == 1)
    }
  }

  @Test("bearer validation: missing, malformed, foreign key, wrong audience, wrong issuer, other policy, expired")
  func validation() async throws {
    try await SandboxHarness.withManualClock { h in
      let tenant = try #require(h.sandbox.tenant)
      let missing = try await h.tasks("GET", token: nil)
      #expect(missing.status == 401)
      #expect(missing.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
      #expect(missing.header("WWW-Authenticate")?.contains("error=") == false)

      func expectInvalid(_ token: String, _ why: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
      {
        let reply = try await h.tasks("GET", token: token)
        #expect(reply.status == 401, "\(why)", sourceLocation: sourceLocation)
        #expect(
          reply.header("WWW-Authenticate")?.contains(#"error="invalid_token""#) == true, "\(why)",
          sourceLocation: sourceLocation)
      }
      try await expectInvalid("not-a-jwt", "malformed")

      let good = try await h.b2cSignIn().accessToken
      let claims = Tokens.claims(good)
      func forged(_ change: (inout [String: Any]) -> Void, signer: TokenSigner? = nil) throws -> String {
        var copy = claims
        change(&copy)
        let data = try JSONSerialization.data(withJSONObject: copy)
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        return try (signer ?? tenant.signer).sign(value)
      }
      // The same claims re-signed by our key pass: the forging itself is sound.
      #expect(try await h.tasks("GET", token: try forged { _ in }).status == 200)
      try await expectInvalid(try forged({ _ in }, signer: try TokenSigner()), "signed with another key")
      try await expectInvalid(try forged { $0["aud"] = "11111111-2222-3333-4444-555555555555" }, "wrong audience")
      try await expectInvalid(
        try forged { $0["iss"] = "https://login.microsoftonline.com/\(h.sandbox.tenantId)/v2.0" },
        "wrong issuer")
      try await expectInvalid(
        try forged { $0["exp"] = Int(h.manualClock.now.timeIntervalSince1970) - 1 }, "expired claim")

      // Real tokens from elsewhere: an Entra access token for Graph, a token from another policy.
      try await expectInvalid(try await h.signIn().accessToken, "Entra token")
      try await expectInvalid(try await h.b2cSignIn(policy: "B2C_1_other").accessToken, "another policy")

      // Time passes beyond the lifetime (60–90 min by default, as Entra varies it); then the
      // expire-tokens fault on a fresh token.
      h.manualClock.advance(by: 5_401)
      try await expectInvalid(good, "expired")
      let fresh = try await h.b2cSignIn().accessToken
      #expect(try await h.tasks("GET", token: fresh).status == 200)
      _ = try await h.postJSON("/_sandbox/faults", #"{"kind": "expire_access_tokens"}"#)
      try await expectInvalid(fresh, "expired by the fault")
    }
  }

  @Test("read and write scopes: a token without them is refused with insufficient_scope; legacy mode accepts id tokens")
  func scopes() async throws {
    try await SandboxHarness.withManualClock { h in
      let readOnly = try await h.b2cSignIn(scope: "openid offline_access \(h.sandbox.taskScopes[0])")
      #expect(readOnly.scope.contains("/api/read"))
      #expect(Tokens.claims(readOnly.accessToken)["scp"] as? String == "read")
      #expect(try await h.tasks("GET", token: readOnly.accessToken).status == 200)
      let refused = try await h.tasks("POST", token: readOnly.accessToken, json: #"{"Text": "x"}"#)
      #expect(refused.status == 401)
      #expect(refused.header("WWW-Authenticate")?.contains(#"error="insufficient_scope""#) == true)
      #expect(refused.header("WWW-Authenticate")?.contains("/api/write") == true)

      let appOnly = try await h.b2cSignIn(scope: "openid offline_access \(h.sandbox.clientId)")
      #expect(try await h.tasks("GET", token: appOnly.accessToken).status == 401)
      let idToken = try #require(appOnly.idToken)
      #expect(try await h.tasks("GET", token: idToken).status == 401)

      // Scopes survive a refresh.
      let refreshed = try await h.post(
        "\(h.policyPath)/oauth2/v2.0/token",
        form: [
          ("client_id", h.sandbox.clientId), ("grant_type", "refresh_token"),
          ("refresh_token", try #require(readOnly.refreshToken)),
        ])
      #expect(Tokens.claims(refreshed["access_token"] ?? "")["scp"] as? String == "read")
    }
    try await SandboxHarness.withManualClock({ $0.taskAPIAcceptsIdTokens = true }) { h in
      let appOnly = try await h.b2cSignIn(scope: "openid offline_access \(h.sandbox.clientId)")
      let idToken = try #require(appOnly.idToken)
      #expect(try await h.tasks("GET", token: idToken).status == 200)
      #expect(try await h.tasks("POST", token: idToken, form: "Text=legacy").status == 201)
    }
  }

  @Test("bad bodies and paths: empty or overlong text 400, non-numeric id 404, other methods 405")
  func badInput() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.b2cSignIn().accessToken
      let empty = try await h.tasks("POST", token: token, json: #"{"Text": "   "}"#)
      #expect(empty.status == 400)
      #expect(empty["Message"] == "Please provide a task description")
      #expect(try await h.tasks("POST", token: token, form: "Other=1").status == 400)
      let long = String(repeating: "a", count: TaskStore.maxTextCharacters + 1)
      #expect(try await h.tasks("POST", token: token, json: "{\"Text\": \"\(long)\"}").status == 400)
      #expect(try await h.tasks("POST", token: token, json: "[1").status == 400)
      #expect(try await h.tasks("PATCH", "/1", token: token, json: #"{"Completed": "yes"}"#).status == 400)
      #expect(try await h.tasks("PUT", "/1", token: token, json: #"{"Completed": true}"#).status == 400)
      #expect(try await h.tasks("GET", "/abc", token: token).status == 404)
      let wrongMethod = try await h.tasks("DELETE", token: token)
      #expect(wrongMethod.status == 405)
      #expect(wrongMethod.header("Allow") == "GET, POST")
    }
  }

  @Test("--data keeps tasks across restarts in a 0600 file; a corrupt file stops the start with a reason")
  func persistence() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tasks-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let id = try await SandboxHarness.withManualClock({ $0.dataDirectory = directory }) { h in
      let token = try await h.b2cSignIn().accessToken
      let added = try await h.tasks("POST", token: token, json: #"{"Text": "survive a restart"}"#)
      _ = try await h.tasks("DELETE", "/1", token: token)
      return try #require(added.json["Id"] as? Int)
    }
    let file = directory.appendingPathComponent(TaskStore.fileName)
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    try await SandboxHarness.withManualClock({ $0.dataDirectory = directory }) { h in
      let token = try await h.b2cSignIn().accessToken
      let list = try await h.tasks("GET", token: token).array
      #expect(list.contains { $0["Id"] as? Int == id && $0["Text"] as? String == "survive a restart" })
      #expect(!list.contains { $0["Id"] as? Int == 1 })
      // Ids are not reused after a restart.
      let next = try await h.tasks("POST", token: token, json: #"{"Text": "next"}"#)
      #expect((next.json["Id"] as? Int ?? 0) > id)
    }
    try Data("{not json".utf8).write(to: file)
    var configuration = SandboxConfiguration()
    configuration.size = 50
    configuration.dataDirectory = directory
    await #expect(throws: SandboxStartError.self) { _ = try await SandboxServer.start(configuration) }
  }

  @Test("the stand-in browser signs in as the user the control API names")
  func browserUser() async throws {
    try await SandboxHarness.withManualClock { h in
      let second = h.sandbox.demoCustomers[1]
      let set = try await h.postJSON("/_sandbox/browser", "{\"user\": \"\(second)\"}")
      #expect(set["user"] == second)
      let token = try await h.b2cSignIn().accessToken
      #expect(try await h.tasks("GET", token: token).array.count == 2)
      #expect(try await h.postJSON("/_sandbox/browser", #"{"user": "nobody@example.com"}"#).status == 404)
      _ = try await h.postJSON("/_sandbox/browser", "{}")
      #expect(try await h.tasks("GET", token: try await h.b2cSignIn().accessToken).array.count == 3)
    }
  }
}
