import Foundation
import TestSupport
import Testing

@testable import Sandbox

@Suite("Fault injection")
struct FaultTests {
  @Test("429 with integer and fractional Retry-After, for `count` requests only")
  func throttling() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      let added = try await h.postJSON(
        "/_sandbox/faults", #"{"match":"/v1.0/users*","kind":"status","status":429,"retry_after":1.5,"count":2}"#)
      #expect(added.status == 201)
      let rule = try #require((added.json["rules"] as? [[String: Any]])?.first)
      #expect(rule["retry_after"] as? String == "1.5")
      for _ in 0..<2 {
        let reply = try await h.graph("/v1.0/users", token: tokens.accessToken)
        #expect(reply.status == 429)
        #expect(reply.header("Retry-After") == "1.5")
        GraphShape.expectError(reply, code: "TooManyRequests")
      }
      #expect(try await h.graph("/v1.0/users", token: tokens.accessToken).status == 200)
      #expect(try await h.graph("/v1.0/me", token: tokens.accessToken).status == 200)
      _ = try await h.postJSON(
        "/_sandbox/faults", #"{"match":"/v1.0/me","kind":"status","status":429,"retry_after":"3"}"#)
      #expect(try await h.graph("/v1.0/me", token: tokens.accessToken).header("Retry-After") == "3")
      #expect(try await h.delete("/_sandbox/faults").status == 204)
      #expect(try await h.graph("/v1.0/me", token: tokens.accessToken).status == 200)
    }
  }

  @Test("500 and 503 on Graph and on the token endpoint")
  func serverErrors() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      _ = try await h.postJSON(
        "/_sandbox/faults",
        #"[{"match":"/v1.0/*","kind":"status","status":500,"count":1},{"match":"*/token","kind":"status","status":503,"count":1}]"#
      )
      let graph = try await h.graph("/v1.0/me", token: tokens.accessToken)
      #expect(graph.status == 500)
      GraphShape.expectError(graph, code: "generalException")
      let token = try await h.refresh(tokens.refreshToken!)
      #expect(token.status == 503)
      #expect(token["error"] == "temporarily_unavailable")
    }
  }

  @Test("latency delays matching requests by at least the given milliseconds")
  func latency() async throws {
    try await SandboxHarness.withManualClock { h in
      _ = try await h.postJSON("/_sandbox/faults", #"{"match":"/device","kind":"latency","ms":300,"count":1}"#)
      let clock = ContinuousClock()
      let start = clock.now
      #expect(try await h.get("/device").status == 200)
      #expect(clock.now - start >= .milliseconds(300))
    }
  }

  @Test("hold lets the first `after` requests through, then holds the rest until the rules are cleared")
  func hold() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      let added = try await h.postJSON("/_sandbox/faults", #"{"match":"/v1.0/users","kind":"hold","after":1}"#)
      #expect(added.status == 201)
      #expect(try await h.graph("/v1.0/users", token: tokens.accessToken).status == 200)
      // Held until the rule is cleared below, however long a loaded machine takes to get there:
      // the request's own deadline must not be what ends it.
      let held = Task { try await h.graph("/v1.0/users", token: tokens.accessToken, timeout: .seconds(600)).status }
      // Held: the rule counts it, and other paths still answer.
      var holding = 0
      while holding == 0, !held.isCancelled {
        let rules = try await h.get("/_sandbox/faults").json["rules"] as? [[String: Any]]
        holding = rules?.first?["held"] as? Int ?? 0
        if holding == 0 { try await Task.sleep(for: .milliseconds(10)) }
      }
      #expect(holding == 1)
      #expect(try await h.graph("/v1.0/me", token: tokens.accessToken).status == 200)
      #expect(try await h.delete("/_sandbox/faults").status == 204)
      #expect(try await held.value == 200)
      for body in [
        #"{"kind":"hold","count":1}"#, #"{"kind":"hold","after":-1}"#, #"{"kind":"latency","ms":1,"after":1}"#,
      ] {
        #expect(try await h.postJSON("/_sandbox/faults", body).status == 400, "\(body)")
      }
    }
  }

  @Test("reset and truncated body break the connection; malformed JSON does not parse")
  func brokenResponses() async throws {
    try await SandboxHarness.withManualClock { h in
      let tokens = try await h.signIn()
      _ = try await h.postJSON("/_sandbox/faults", #"{"match":"/v1.0/me","kind":"reset","count":1}"#)
      await #expect(throws: (any Error).self) { try await h.graph("/v1.0/me", token: tokens.accessToken) }

      _ = try await h.postJSON("/_sandbox/faults", #"{"match":"/v1.0/me","kind":"truncated_body","count":1}"#)
      await #expect(throws: (any Error).self) { try await h.graph("/v1.0/me", token: tokens.accessToken) }

      _ = try await h.postJSON("/_sandbox/faults", #"{"match":"/v1.0/me","kind":"malformed_json","count":1}"#)
      let malformed = try await h.graph("/v1.0/me", token: tokens.accessToken)
      #expect(malformed.status == 200)
      #expect((try? JSONSerialization.jsonObject(with: malformed.body)) == nil)

      #expect(try await h.graph("/v1.0/me", token: tokens.accessToken).status == 200)
    }
  }

  @Test("probabilistic faults repeat exactly for the same seed")
  func probabilityIsDeterministic() async throws {
    let pattern: @Sendable (SandboxHarness) async throws -> [Int] = { h in
      _ = try await h.postJSON(
        "/_sandbox/faults", #"{"match":"/device","kind":"status","status":503,"probability":0.5}"#)
      var statuses: [Int] = []
      for _ in 0..<24 { statuses.append(try await h.get("/device").status) }
      return statuses
    }
    let first = try await SandboxHarness.withManualClock { try await pattern($0) }
    let second = try await SandboxHarness.withManualClock { try await pattern($0) }
    #expect(first == second)
    #expect(first.contains(503) && first.contains(200))
  }

  @Test("bad rules are refused with a message naming the field")
  func badRules() async throws {
    try await SandboxHarness.withManualClock { h in
      for body in [
        #"{"kind":"explode"}"#, #"{"kind":"status"}"#, #"{"kind":"latency"}"#,
        #"{"kind":"status","status":503,"count":0}"#, "not json",
      ] {
        let reply = try await h.postJSON("/_sandbox/faults", body)
        #expect(reply.status == 400)
        #expect(reply["error"] != nil)
      }
    }
  }
}
