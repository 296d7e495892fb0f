import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `/users/{id}/sponsors` and the guest list's `signInActivity` over HTTP (issue 43 item 4):
/// Graph's directoryObject shape (users and groups, each typed), the permissions, a group read
/// without a group permission coming back with its id only, sponsors who left, guests with none,
/// and dormant guests whose last sign-in is older than the 30-day log.
@Suite("Graph v1.0 sponsors and guests' sign-in activity")
struct SponsorsGraphTests {
  static let admin = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All Group.Read.All"
  static let noGroups = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All"

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }

  /// Every guest's id, from Graph's own filter.
  static func guests(_ h: SandboxHarness, token: String) async throws -> [[String: Any]] {
    let filter = SandboxHarness.q("userType eq 'Guest'")
    let select = "id,userType,externalUserState,createdDateTime,signInActivity"
    var url = "/v1.0/users?$filter=\(filter)&$select=\(select)&$top=120"
    var all: [[String: Any]] = []
    while true {
      let page = try await h.graph(url, token: token)
      #expect(page.status == 200, "\(page.text)")
      all += values(page)
      guard let next = page.json["@odata.nextLink"] as? String else { return all }
      url = next
    }
  }

  @Test("the guest filter and signInActivity: only guests, some idle past the log's 30 days, some never")
  func guestActivity() async throws {
    try await SandboxHarness.withManualClock({ $0.size = 600 }) { h in
      let token = try await h.signIn(scope: Self.admin).accessToken
      let guests = try await Self.guests(h, token: token)
      #expect(guests.count > 10 && guests.allSatisfy { $0["userType"] as? String == "Guest" })
      let now = h.manualClock.now
      let last = guests.map { guest -> Date? in
        let activity = guest["signInActivity"] as? [String: Any]
        return (activity?["lastSignInDateTime"] as? String).flatMap { try? Date($0, strategy: .iso8601) }
      }
      #expect(last.contains { $0 == nil }, "someone never signed in")
      #expect(last.contains { $0.map { now.timeIntervalSince($0) > 90 * 86_400 } ?? false }, "someone idle 90 days")
      #expect(last.contains { $0.map { now.timeIntervalSince($0) < 30 * 86_400 } ?? false }, "someone active")
      // The log agrees: a dormant guest has no sign-in in it.
      let dormant = try #require(
        guests.indices.first { last[$0].map { now.timeIntervalSince($0) > 31 * 86_400 } ?? false })
      let id = try #require(guests[dormant]["id"] as? String)
      let log = try await h.graph(
        "/v1.0/auditLogs/signIns?$filter=\(SandboxHarness.q("userId eq '\(id)'"))",
        token: try await h.signIn(scope: Self.admin + " Directory.Read.All").accessToken)
      #expect(log.status == 200 && Self.values(log).isEmpty, "\(log.text)")
      // The sandbox does not filter on signInActivity (PROTOCOL.md: a gap Roster does not lean on).
      let activity = SandboxHarness.q("signInActivity/lastSignInDateTime le 2026-01-01T00:00:00Z")
      let refused = try await h.graph("/v1.0/users?$filter=\(activity)&$select=id,signInActivity", token: token)
      #expect(refused.status == 400, "\(refused.text)")
    }
  }

  @Test("sponsors: users and groups typed, one or two, none, one who left; a group id-only without Group.Read.All")
  func sponsors() async throws {
    try await SandboxHarness.withManualClock({ $0.size = 600 }) { h in
      let token = try await h.signIn(scope: Self.admin).accessToken
      let guests = try await Self.guests(h, token: token)
      var counts: Set<Int> = []
      var sawGroup = false
      var sawLeft = false
      var groupGuest: String?
      for guest in guests {
        let id = try #require(guest["id"] as? String)
        let reply = try await h.graph("/v1.0/users/\(id)/sponsors?$select=id,displayName,accountEnabled", token: token)
        #expect(reply.status == 200, "\(reply.text)")
        #expect((reply.json["@odata.context"] as? String)?.hasSuffix("$metadata#directoryObjects") == true)
        let sponsors = Self.values(reply)
        counts.insert(sponsors.count)
        for sponsor in sponsors {
          let type = sponsor["@odata.type"] as? String
          #expect(type == "#microsoft.graph.user" || type == "#microsoft.graph.group")
          if type == "#microsoft.graph.group" {
            sawGroup = true
            groupGuest = id
            #expect(sponsor["displayName"] is String)
          }
          if sponsor["accountEnabled"] as? Bool == false { sawLeft = true }
        }
      }
      #expect(counts.isSuperset(of: [0, 1, 2]) && sawGroup && sawLeft, "\(counts)")
      // Without a group permission the group is its id and type; its name is null.
      let limited = try await h.signIn(scope: Self.noGroups).accessToken
      let id = try #require(groupGuest)
      let reply = try await h.graph("/v1.0/users/\(id)/sponsors?$select=id,displayName", token: limited)
      let group = try #require(Self.values(reply).first { $0["@odata.type"] as? String == "#microsoft.graph.group" })
      #expect(group["id"] is String && group["displayName"] is NSNull)
      // A member has none.
      let me = try await h.graph("/v1.0/me/sponsors", token: token)
      #expect(me.status == 200 && Self.values(me).isEmpty)
    }
  }

  @Test("another user's sponsors need User.Read.All; one's own, User.Read")
  func permissions() async throws {
    try await SandboxHarness.withManualClock { h in
      let basic = try await h.signIn(scope: "openid profile offline_access User.Read User.ReadBasic.All").accessToken
      let directory = Directory.generated(seed: 1, size: 50)
      let other = try #require(directory.users.first { $0.id != directory.defaultUser.id })
      #expect(try await h.graph("/v1.0/users/\(other.id)/sponsors", token: basic).status == 403)
      #expect(try await h.graph("/v1.0/me/sponsors", token: basic).status == 200)
    }
  }
}
