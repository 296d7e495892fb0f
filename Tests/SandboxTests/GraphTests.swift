import Foundation
import TestSupport
import Testing

@testable import Sandbox

@Suite("Graph v1.0 users")
struct GraphTests {
  static let fullScope = "openid profile offline_access User.Read User.Read.All"

  @Test("bearer checks: missing, garbage, bad signature and expired tokens get 401 with WWW-Authenticate")
  func bearerChecks() async throws {
    try await SandboxHarness.withManualClock({ $0.tokenLifetime = 60 }) { h in
      let missing = try await h.graph("/v1.0/me", token: nil)
      #expect(missing.status == 401)
      #expect(missing.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
      GraphShape.expectError(missing, code: "InvalidAuthenticationToken")

      let garbage = try await h.graph("/v1.0/me", token: "garbage")
      #expect(garbage.status == 401)
      GraphShape.expectError(garbage, code: "InvalidAuthenticationToken")

      let tokens = try await h.signIn()
      var parts = tokens.accessToken.split(separator: ".").map(String.init)
      parts[2] = String(parts[2].reversed())
      let forged = try await h.graph("/v1.0/me", token: parts.joined(separator: "."))
      #expect(forged.status == 401)

      #expect(try await h.graph("/v1.0/me", token: tokens.accessToken).status == 200)
      h.manualClock.advance(by: 61)
      let expired = try await h.graph("/v1.0/me", token: tokens.accessToken)
      #expect(expired.status == 401)
      #expect(
        (expired.json["error"] as? [String: Any])?["message"] as? String
          == "Lifetime validation failed, the token is expired.")
    }
  }

  @Test("expire_access_tokens fault: tokens issued before it stop working, new ones work")
  func expireFault() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      #expect(try await h.postJSON("/_sandbox/faults", #"{"kind":"expire_access_tokens"}"#).status == 201)
      #expect(try await h.graph("/v1.0/me", token: tokens.accessToken).status == 401)
      let refreshed = try await h.refresh(tokens.refreshToken!)
      #expect(try await h.graph("/v1.0/me", token: refreshed["access_token"]).status == 200)
    }
  }

  @Test("/me returns the signed-in user with Graph's headers and context")
  func me() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      let reply = try await h.graph("/v1.0/me", token: tokens.accessToken, headers: [("client-request-id", "abc-123")])
      #expect(reply.status == 200)
      #expect(reply["userPrincipalName"] == h.sandbox.defaultUsername)
      #expect(reply["@odata.context"] == "\(h.base)/v1.0/$metadata#users/$entity")
      #expect(reply.header("client-request-id") == "abc-123")
      #expect(reply.header("request-id")?.count == 36)
      #expect(reply.header("Content-Type")?.hasPrefix("application/json; odata.metadata=minimal") == true)
    }
  }

  @Test("userinfo answers with the id token's sub")
  func userInfo() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      let info = try await h.graph("/oidc/userinfo", token: tokens.accessToken)
      #expect(info.status == 200)
      #expect(info["sub"] == Tokens.claims(tokens.idToken ?? "")["sub"] as? String)
      #expect(try await h.graph("/oidc/userinfo", token: nil).status == 401)
    }
  }

  @Test("User.Read alone cannot list users (403); ReadBasic.All hides non-basic properties")
  func scopeChecks() async throws {
    try await SandboxHarness.withManualClock { h in
      let readOnly = try await h.signIn(scope: "openid User.Read")
      let denied = try await h.graph("/v1.0/users", token: readOnly.accessToken)
      #expect(denied.status == 403)
      GraphShape.expectError(denied, code: "Authorization_RequestDenied")

      let basic = try await h.signIn(scope: "openid User.ReadBasic.All")
      let list = try await h.graph(
        "/v1.0/users?$select=displayName,jobTitle,userPrincipalName&$top=20", token: basic.accessToken)
      #expect(list.status == 200)
      let others = (list.json["value"] as? [[String: Any]] ?? []).filter { $0["displayName"] as? String != nil }
      #expect(!others.isEmpty)
      let full = try await h.signIn(scope: Self.fullScope)
      let fullList = try await h.graph("/v1.0/users?$select=displayName,jobTitle&$top=20", token: full.accessToken)
      let titles = (fullList.json["value"] as? [[String: Any]] ?? []).compactMap { $0["jobTitle"] as? String }
      #expect(!titles.isEmpty)
      let me = try #require(h.sandbox.defaultUsername as String?)
      let basicTitles = (list.json["value"] as? [[String: Any]] ?? [])
        .filter { $0["userPrincipalName"] as? String != me }.compactMap { $0["jobTitle"] as? String }
      #expect(basicTitles.isEmpty)

      let managerDenied = try await h.graph("/v1.0/users/\(me)/manager", token: basic.accessToken)
      #expect(managerDenied.status == 403 || managerDenied.status == 404)
    }
  }

  @Test("$top paging with absolute nextLinks covers everyone exactly once")
  func paging() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn(scope: Self.fullScope)
      var next: String? = "\(h.base)/v1.0/users?$top=7&$select=id,displayName"
      var ids: [String] = []
      var pages = 0
      while let url = next {
        #expect(url.hasPrefix(h.base))
        let page = try await h.graph(url, token: tokens.accessToken)
        #expect(page.status == 200)
        let values = page.json["value"] as? [[String: Any]] ?? []
        #expect(values.count <= 7)
        ids += values.compactMap { $0["id"] as? String }
        next = page["@odata.nextLink"]
        pages += 1
        if pages > 20 { break }
      }
      #expect(ids.count == 50)
      #expect(Set(ids).count == 50)
      #expect(pages == 8)
    }
  }

  @Test("$top outside 1…999 is 400; $count needs ConsistencyLevel and shows on page one only")
  func topAndCount() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn(scope: Self.fullScope)
      for bad in ["0", "1000", "abc"] {
        let reply = try await h.graph("/v1.0/users?$top=\(bad)", token: tokens.accessToken)
        #expect(reply.status == 400)
      }
      let noHeader = try await h.graph("/v1.0/users?$count=true&$top=5", token: tokens.accessToken)
      #expect(noHeader.json["@odata.count"] == nil)
      let eventual = [("ConsistencyLevel", "eventual")]
      let first = try await h.graph("/v1.0/users?$count=true&$top=5", token: tokens.accessToken, headers: eventual)
      #expect(first.json["@odata.count"] as? Int == 50)
      let second = try await h.graph(first["@odata.nextLink"]!, token: tokens.accessToken, headers: eventual)
      #expect(second.json["@odata.count"] == nil)
      let count = try await h.graph("/v1.0/users/$count", token: tokens.accessToken, headers: eventual)
      #expect(count.text == "50")
      let searchNoHeader = try await h.graph("/v1.0/users?$search=%22displayName:a%22", token: tokens.accessToken)
      #expect(searchNoHeader.status == 400)
      GraphShape.expectError(searchNoHeader, code: "Request_UnsupportedQuery")
    }
  }

  @Test("users by id and UPN, 404s, manager, directReports and photos")
  func singleUsers() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn(scope: Self.fullScope)
      let me = try await h.graph("/v1.0/me", token: tokens.accessToken)
      let id = try #require(me["id"])
      let byId = try await h.graph("/v1.0/users/\(id)", token: tokens.accessToken)
      let byUPN = try await h.graph("/v1.0/users/\(h.sandbox.defaultUsername)", token: tokens.accessToken)
      #expect(byId["id"] == id)
      #expect(byUPN["id"] == id)
      let missing = try await h.graph("/v1.0/users/nobody@nowhere.example", token: tokens.accessToken)
      #expect(missing.status == 404)
      GraphShape.expectError(missing, code: "Request_ResourceNotFound")

      // The default user heads the organisation: no manager, but reports who name them as manager.
      let manager = try await h.graph("/v1.0/me/manager", token: tokens.accessToken)
      #expect(manager.status == 404)
      GraphShape.expectError(manager, code: "Request_ResourceNotFound")
      let reports = try await h.graph("/v1.0/me/directReports", token: tokens.accessToken)
      let reportList = reports.json["value"] as? [[String: Any]] ?? []
      #expect(!reportList.isEmpty)
      let reportId = try #require(reportList.first?["id"] as? String)
      let theirManager = try await h.graph("/v1.0/users/\(reportId)/manager", token: tokens.accessToken)
      #expect(theirManager["id"] == id)
      #expect(theirManager["@odata.type"] == "#microsoft.graph.user")

      var sawPhoto = false
      var sawMissingPhoto = false
      let all = try await h.graph("/v1.0/users?$top=50&$select=id", token: tokens.accessToken)
      for user in (all.json["value"] as? [[String: Any]] ?? []) {
        let photo = try await h.graph("/v1.0/users/\(user["id"] as! String)/photo/$value", token: tokens.accessToken)
        if photo.status == 200 {
          #expect(photo.header("Content-Type") == "image/jpeg")
          #expect(photo.body.starts(with: [0xFF, 0xD8]))
          sawPhoto = true
        } else {
          #expect(photo.status == 404)
          GraphShape.expectError(photo, code: "ImageNotFound")
          sawMissingPhoto = true
        }
        if sawPhoto && sawMissingPhoto { break }
      }
      #expect(sawPhoto)
    }
  }

  @Test("the same seed serves the same people; a different seed does not")
  func determinism() async throws {
    let first = try await SandboxHarness.withManualClock { h in try await Self.names(h) }
    let second = try await SandboxHarness.withManualClock { h in try await Self.names(h) }
    let other = try await SandboxHarness.withManualClock({ $0.seed = 99 }) { h in try await Self.names(h) }
    #expect(first == second)
    #expect(first != other)
  }

  private static func names(_ h: SandboxHarness) async throws -> [String] {
    let tokens = try await h.signIn(scope: fullScope)
    let reply = try await h.graph("/v1.0/users?$top=50&$select=id,displayName", token: tokens.accessToken)
    return (reply.json["value"] as? [[String: Any]] ?? []).map { "\($0["id"] ?? "")|\($0["displayName"] ?? "")" }
  }
}

/// Checks of Graph's error body shape.
enum GraphShape {
  static func expectError(_ reply: Reply, code: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let error = reply.json["error"] as? [String: Any] ?? [:]
    #expect(error["code"] as? String == code, sourceLocation: sourceLocation)
    #expect(error["message"] as? String != nil, sourceLocation: sourceLocation)
    let inner = error["innerError"] as? [String: Any] ?? [:]
    #expect(inner["date"] as? String != nil, sourceLocation: sourceLocation)
    #expect(inner["request-id"] as? String == reply.header("request-id"), sourceLocation: sourceLocation)
    #expect(inner["client-request-id"] as? String != nil, sourceLocation: sourceLocation)
  }
}
