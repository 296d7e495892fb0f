import Foundation
import RosterCore
import Sandbox
import TestSupport
import Testing

/// `roster index sync` keeps the tenant's rooms (issue 29 item 6): without `Place.Read.All` it
/// says so in one line and still indexes people; with it, the rooms are counted in its line and
/// in `index status`; a places API in trouble leaves the last list and says so.
@Suite(.serialized) struct RoomIndexCommandTests {
  static let base = "openid profile offline_access User.Read User.Read.All"

  @Test func indexSyncKeepsRoomsOrSaysThePermissionTheyNeed() async throws {
    try await SandboxHarness.with(configure: {
      $0.size = 120
      $0.approveAfter = .milliseconds(200)
    }) { harness in
      // One account, one index file: first signed in without places, then with them.
      let without = harness.roster(state: "without", extra: ["ROSTER_SCOPES": Self.base])
      #expect(try await without.run(["login", "--device-code"]).status == 0)
      let denied = try await without.run(["index", "sync"])
      #expect(denied.status == 0, "people are indexed all the same: \(denied.stderr)")
      #expect(denied.stderr.contains("No rooms kept: listing rooms needs Place.Read.All"), "\(denied.stderr)")
      #expect(!denied.stderr.contains(" rooms in "))
      let deniedStatus = try await without.run(["index", "status"])
      #expect(deniedStatus.stdout.contains("Rooms:     none kept: listing rooms needs Place.Read.All"))

      let with = harness.roster(state: "with", extra: ["ROSTER_SCOPES": "\(Self.base) Place.Read.All"])
      #expect(try await with.run(["login", "--device-code"]).status == 0)
      let kept = try await with.run(["index", "sync"])
      #expect(kept.status == 0 && !kept.stderr.contains("No rooms kept"), "\(kept.stderr)")
      let json = try await with.run(["index", "status", "--json"])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      let rooms = try #require(object["rooms"] as? Int)
      #expect(rooms >= 60 && object["roomsMissingPermission"] == nil, "\(json.stdout)")
      #expect(kept.stderr.contains(" and \(rooms) rooms in "), "\(kept.stderr)")
      #expect(try await with.run(["index", "status"]).stdout.contains("Rooms:     \(rooms), refreshed"))

      // The places API failing: the sync still succeeds, the last list stays, and it is said.
      try await harness.addFault(["match": "/v1.0/places*", "kind": "status", "status": 500])
      let failed = try await with.run(["index", "sync"])
      #expect(failed.status == 0, "\(failed.stderr)")
      #expect(failed.stderr.contains("Rooms not refreshed (") && failed.stderr.contains(" and \(rooms) rooms in "))
      #expect(try await with.run(["index", "status"]).stdout.contains("the last refresh failed"))
    }
  }
}
