import Foundation
import RosterCore
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `roster show PERSON --owned` through the built binary against the sandbox: the groups a person
/// owns (`ownedObjects`) and their devices (`ownedDevices`), as text and as JSON with Graph's
/// relationship names; a part the token may not read says why while the other still answers.
@Suite(.serialized) struct OwnedCommandTests {
  static let scopes = "openid profile offline_access User.Read User.Read.All GroupMember.Read.All Device.Read.All"

  static func withRoster(
    scopes: String = scopes, _ body: (RosterProcess, Directory, [RegisteredDevice]) async throws -> Void
  ) async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": scopes])
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr)")
      let tenant = try #require(harness.sandbox.tenant)
      try await body(roster, tenant.directory, tenant.devices.current.devices.devices)
    }
  }

  /// A person who owns a group and a device, with the names of both: not the signed-in person (the
  /// sandbox's first), whose own devices any sign-in may read.
  static func owner(_ directory: Directory, _ devices: [RegisteredDevice]) throws -> (
    user: DirectoryUser, group: String, device: String
  ) {
    for group in directory.groups {
      for owner in group.owners {
        guard case .user(let index) = owner, index != 0 else { continue }
        let user = directory.users[Int(index)]
        if let device = devices.first(where: { $0.ownerIds.contains(user.id) }) {
          return (user, group.displayName ?? group.id, device.displayName)
        }
      }
    }
    throw OwnerMissing()
  }
  struct OwnerMissing: Error {}

  @Test func listsTheGroupsAndDevicesAPersonOwns() async throws {
    try await Self.withRoster { roster, directory, devices in
      let (user, group, device) = try Self.owner(directory, devices)
      let text = try await roster.run(["show", user.userPrincipalName, "--owned"])
      #expect(text.status == 0, "\(text.stderr)")
      #expect(text.stdout.contains("owns:"))
      #expect(text.stdout.contains(CleanText(group).string), "\(text.stdout)")
      #expect(text.stdout.contains(CleanText(device).string), "\(text.stdout)")
      #expect(!text.stdout.contains("\u{1B}"), "every name is cleaned")

      let json = try await roster.run(["show", user.userPrincipalName, "--owned", "--json"])
      #expect(json.status == 0)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      let owned = try #require(object["ownedObjects"] as? [[String: Any]])
      #expect(owned.contains { $0["@odata.type"] as? String == "#microsoft.graph.group" })
      let ownedDevices = try #require(object["ownedDevices"] as? [[String: Any]])
      #expect(!ownedDevices.isEmpty && ownedDevices.allSatisfy { $0["operatingSystem"] != nil })
      #expect(object["problems"] == nil)
    }
  }

  /// user-list-owneddevices: another person's devices need User.Read.All or Directory.Read.All;
  /// ownedObjects needs only User.Read. The refused part says why, the other still lists, exit 0.
  @Test func aPartTheTokenMayNotReadSaysWhyAndTheRestLists() async throws {
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.ReadBasic.All") {
      roster, directory, devices in
      let (user, _, _) = try Self.owner(directory, devices)
      let run = try await roster.run(["show", user.userPrincipalName, "--owned"])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("Groups (") && run.stdout.contains("Devices: "), "\(run.stdout)")
      #expect(!run.stdout.contains("Devices ("))
    }
  }

  @Test func ownedGoesAloneWithJSON() async throws {
    try await Self.withRoster { roster, _, _ in
      let run = try await roster.run(["show", "someone@contoso.com", "--owned", "--health"])
      #expect(run.status == 2)
      #expect(run.stderr.contains("--owned"))
    }
  }
}
