import Foundation
import TestSupport
import Testing

@testable import Sandbox

/// The Graph features the detail pane uses: the manager chain by `$expand=manager($levels=…)`,
/// JSON `$batch`, and presence by `getPresencesByUserId` with its control API.
@Suite("Graph v1.0 detail: manager chain, $batch, presence")
struct DetailEndpointTests {
  static let fullScope = "openid profile offline_access User.Read User.Read.All"
  static let presenceScope = fullScope + " Presence.Read.All"

  /// Someone at least `depth` managers below the top, found by walking `/manager`.
  static func person(belowLevels depth: Int, _ h: SandboxHarness, token: String) async throws -> (String, [String]) {
    let list = try await h.graph("/v1.0/users?$select=id&$top=50", token: token)
    for case let user as [String: Any] in (list.json["value"] as? [Any]) ?? [] {
      guard let id = user["id"] as? String else { continue }
      var chain: [String] = []
      var current = id
      while true {
        let manager = try await h.graph("/v1.0/users/\(current)/manager?$select=id", token: token)
        guard manager.status == 200, let next = manager["id"] else { break }
        chain.append(next)
        current = next
      }
      if chain.count >= depth { return (id, chain) }
    }
    throw SandboxHarnessError("nobody \(depth) levels down in the sandbox")
  }

  @Test("$expand=manager($levels=max) nests the whole chain; $levels needs ConsistencyLevel; one level without it")
  func managerChain() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.fullScope).accessToken
      let (id, chain) = try await Self.person(belowLevels: 2, h, token: token)
      let expand = SandboxHarness.q("manager($levels=max;$select=id,displayName)")
      let path = "/v1.0/users/\(id)?$select=id,displayName&$expand=\(expand)&$count=true"

      let refused = try await h.graph(path, token: token)
      #expect(refused.status == 400)
      GraphShape.expectError(refused, code: "Request_UnsupportedQuery")

      let reply = try await h.graph(path, token: token, headers: [("ConsistencyLevel", "eventual")])
      #expect(reply.status == 200)
      var nested = reply.json["manager"] as? [String: Any]
      var seen: [String] = []
      while let manager = nested {
        seen.append(manager["id"] as? String ?? "?")
        #expect(manager["@odata.type"] as? String == "#microsoft.graph.user")
        #expect(manager["jobTitle"] == nil, "the inner $select applies to every manager")
        nested = manager["manager"] as? [String: Any]
      }
      #expect(seen == chain)

      let one = try await h.graph(
        "/v1.0/users/\(id)?$expand=\(SandboxHarness.q("manager($select=id)"))", token: token)
      #expect(one.status == 200)
      let first = one.json["manager"] as? [String: Any]
      #expect(first?["id"] as? String == chain[0])
      #expect(first?["manager"] == nil)

      let top = try await h.graph("/v1.0/users/\(chain.last!)?$expand=manager", token: token)
      #expect(top.status == 200)
      #expect(top.json["manager"] == nil, "no manager, no member")

      let basic = try await h.signIn(scope: "openid User.ReadBasic.All").accessToken
      #expect(try await h.graph(path, token: basic, headers: [("ConsistencyLevel", "eventual")]).status == 403)
      let other = try await h.graph("/v1.0/users/\(id)?$expand=photo", token: token)
      #expect(other.status == 400)
    }
  }

  @Test("$batch: each request answered with its own id, status, headers and body; dependsOn; limits")
  func batch() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.fullScope).accessToken
      let (id, chain) = try await Self.person(belowLevels: 1, h, token: token)
      let body = """
        {"requests":[
          {"id":"person","method":"GET","url":"/users/\(id)?$select=id&$expand=manager($levels=max;$select=id)",
           "headers":{"ConsistencyLevel":"eventual"}},
          {"id":"reports","method":"GET","url":"users/\(chain[0])/directReports?$select=id"},
          {"id":"missing","method":"GET","url":"/users/nobody@nowhere.example"},
          {"id":"after","method":"GET","url":"/me","dependsOn":["missing"]}
        ]}
        """
      let reply = try await h.send(
        "POST", "/v1.0/$batch", headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
        body: body)
      #expect(reply.status == 200)
      let responses = (reply.json["responses"] as? [[String: Any]]) ?? []
      let byId = Dictionary(uniqueKeysWithValues: responses.map { ($0["id"] as? String ?? "", $0) })
      #expect(Set(byId.keys) == ["person", "reports", "missing", "after"])
      #expect(byId["person"]?["status"] as? Int == 200)
      let person = byId["person"]?["body"] as? [String: Any]
      #expect((person?["manager"] as? [String: Any])?["id"] as? String == chain[0])
      #expect((byId["person"]?["headers"] as? [String: Any])?["Content-Type"] != nil)
      let reports = (byId["reports"]?["body"] as? [String: Any])?["value"] as? [[String: Any]]
      #expect(reports?.contains { $0["id"] as? String == id } == true)
      #expect(byId["missing"]?["status"] as? Int == 404)
      #expect(byId["after"]?["status"] as? Int == 424)

      func batch(_ json: String) async throws -> Reply {
        try await h.send(
          "POST", "/v1.0/$batch",
          headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
          body: json)
      }
      let many = (1...21).map { #"{"id":"\#($0)","method":"GET","url":"/me"}"# }.joined(separator: ",")
      #expect(try await batch(#"{"requests":[\#(many)]}"#).status == 400)
      #expect(
        try await batch(#"{"requests":[{"id":"a","method":"GET","url":"/me"},{"id":"A","method":"GET","url":"/me"}]}"#)
          .status == 400)
      #expect(try await batch("not json").status == 400)
      #expect(try await h.get("/v1.0/$batch", headers: [("Authorization", "Bearer \(token)")]).status == 405)
    }
  }

  @Test("presence: needs Presence.Read.All, changes over time, can be pinned through the control API")
  func presence() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.presenceScope).accessToken
      let list = try await h.graph("/v1.0/users?$select=id&$top=40", token: token)
      let ids = ((list.json["value"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
      func presences(_ token: String, _ ids: [String]) async throws -> Reply {
        let body = try JSONSerialization.data(withJSONObject: ["ids": ids])
        return try await h.send(
          "POST", "/v1.0/communications/getPresencesByUserId",
          headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
          body: String(decoding: body, as: UTF8.self))
      }
      func availability(_ reply: Reply) -> [String: String] {
        var result: [String: String] = [:]
        for entry in (reply.json["value"] as? [[String: Any]]) ?? [] {
          result[entry["id"] as? String ?? ""] = entry["availability"] as? String
        }
        return result
      }

      let first = try await presences(token, ids)
      #expect(first.status == 200)
      let before = availability(first)
      #expect(before.count == ids.count)
      #expect(before.values.allSatisfy { PresenceBoard.availabilities.contains($0) })
      h.manualClock.advance(by: PresenceBoard.period * 3)
      let after = availability(try await presences(token, ids))
      #expect(after != before, "presence changes over time")

      let pin = try await h.postJSON(
        "/_sandbox/presence", #"{"user":"\#(ids[0])","availability":"doNotDisturb","activity":"Presenting"}"#)
      #expect(pin.status == 200)
      h.manualClock.advance(by: PresenceBoard.period * 5)
      let pinned = try await presences(token, [ids[0]])
      #expect(availability(pinned)[ids[0]] == "DoNotDisturb")
      #expect((pinned.json["value"] as? [[String: Any]])?.first?["activity"] as? String == "Presenting")
      #expect(
        try await h.postJSON("/_sandbox/presence", #"{"user":"\#(ids[0])","availability":"Sleepy"}"#).status == 400)
      #expect(try await h.delete("/_sandbox/presence").status == 204)

      let without = try await h.signIn(scope: Self.fullScope).accessToken
      #expect(try await presences(without, ids).status == 403)
      #expect(try await presences(token, Array(repeating: ids[0], count: 651)).status == 400)
    }
  }
}
