import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `roster devices search|show` through the built binary against the sandbox's `/devices`: the
/// formats with Graph's property names, owners and users, a name shared or unknown, `--offline`
/// from the index, exit codes and `Device.Read.All`.
@Suite(.serialized) struct DevicesCommandTests {
  static let deviceScopes = "openid profile offline_access User.Read User.Read.All Device.Read.All"

  /// Signs `roster` in with `scopes` to a generated sandbox tenant (50 people, seed 1), and hands
  /// the body the tenant's devices and people as the sandbox serves them.
  static func withRoster(
    scopes: String = deviceScopes, _ body: (RosterProcess, SandboxHarness, Tenant) async throws -> Void
  ) async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": scopes])
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr)")
      let served = try #require(harness.sandbox.tenant)
      try await body(
        roster, harness, Tenant(devices: served.devices.current.devices.devices, directory: served.directory))
    }
  }

  /// The sandbox's devices and directory, and the devices a test needs from them.
  struct Tenant {
    var devices: [RegisteredDevice]
    var directory: Directory

    func named(_ name: String) -> [RegisteredDevice] { devices.filter { $0.displayName == name } }

    /// A device of a name no other device has, whose one owner is in the directory.
    func owned() throws -> RegisteredDevice {
      try #require(
        devices.first { device in
          device.ownerIds.count == 1 && directory.user(idOrUPN: device.ownerIds[0]) != nil
            && named(device.displayName).count == 1 && device.displayName.hasPrefix("LAPTOP-")
        })
    }

    func person(_ id: String) throws -> DirectoryUser { try #require(directory.user(idOrUPN: id)) }
  }

  static func objects(_ json: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
  }

  static func object(_ json: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  /// "LAPTOP-4F2K9QX" is found by the word after its hyphen, as Graph's `$search` tokenizes it.
  static func tag(_ device: RegisteredDevice) -> String {
    String(device.displayName.split(separator: "-").last ?? "")
  }

  @Test func searchPrintsRowsInEveryFormatWithGraphsNames() async throws {
    try await Self.withRoster { roster, _, tenant in
      let laptop = try tenant.owned()
      let table = try await roster.run(["devices", "search", Self.tag(laptop)])
      #expect(table.status == 0, "\(table.stderr)")
      let lines = table.stdout.split(separator: "\n")
      #expect(lines.first?.hasPrefix("Name") == true && lines.first?.contains("Last seen") == true, "\(table.stdout)")
      #expect(lines.count == 2 && lines[1].hasPrefix(laptop.displayName + " "), "\(table.stdout)")
      #expect(lines[1].contains(laptop.operatingSystem))

      let json = try await roster.run(["devices", "search", Self.tag(laptop), "--json"])
      #expect(json.status == 0, "\(json.stderr)")
      let row = try #require(try Self.objects(json.stdout).first)
      #expect(row["id"] as? String == laptop.id && row["deviceId"] as? String == laptop.deviceId)
      #expect(row["displayName"] as? String == laptop.displayName)
      #expect(row["operatingSystem"] as? String == laptop.operatingSystem)
      #expect(row["trustType"] as? String == laptop.trustType && row["accountEnabled"] is Bool)
      #expect(row["registrationDateTime"] as? String != nil)

      let csv = try await roster.run(["devices", "search", Self.tag(laptop), "--csv"])
      #expect(csv.stdout.hasPrefix("id,deviceId,displayName,operatingSystem,operatingSystemVersion,trustType,"))
      #expect(csv.stdout.split(separator: "\r\n").count == 2, "\(csv.stdout)")

      // A hostile name reaches the terminal cleaned, and JSON whole but escaped.
      let alerts = try await roster.run(["devices", "search", "alerts"])
      #expect(alerts.status == 0 && alerts.stdout.contains("RED") && !alerts.stdout.contains("\u{1B}"))

      let limited = try await roster.run(["devices", "search", "laptop", "--limit", "2", "--json"])
      #expect(limited.status == 0, "\(limited.stderr)")
      #expect(try Self.objects(limited.stdout).count == 2)
      #expect(limited.stderr.contains("--limit"), "\(limited.stderr)")

      let none = try await roster.run(["devices", "search", "zzzznodevice"])
      #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("No device matches"), "\(none.stderr)")
    }
  }

  @Test func showListsTheOwnersAndUsersByNameOrId() async throws {
    try await Self.withRoster { roster, _, tenant in
      let laptop = try tenant.owned()
      let owner = try tenant.person(laptop.ownerIds[0])
      let byName = try await roster.run(["devices", "show", laptop.displayName.lowercased()])
      #expect(byName.status == 0, "\(byName.stderr)")
      #expect(byName.stdout.hasPrefix(laptop.displayName + "\n"), "\(byName.stdout)")
      for label in ["System", "Join type", "Compliant", "Managed", "Enabled", "Last seen", "Registered", "Object id"] {
        #expect(byName.stdout.contains("\n  \(label) "), "\(label)")
      }
      #expect(byName.stdout.contains("\nOwners (1)\n  \(owner.displayName ?? "-")"), "\(byName.stdout)")
      let byID = try await roster.run(["devices", "show", laptop.id])
      #expect(byID.stdout == byName.stdout)

      let json = try Self.object(try await roster.run(["devices", "show", laptop.id, "--json"]).stdout)
      #expect(json["id"] as? String == laptop.id && json["trustType"] as? String == laptop.trustType)
      let owners = try #require(json["registeredOwners"] as? [[String: Any]])
      #expect(owners.compactMap { $0["id"] as? String } == [owner.id])
      #expect(owners.first?["displayName"] as? String == owner.displayName)

      // A shared device: a user who does not own it, and no owner.
      let shared = try #require(
        tenant.devices.first { $0.ownerIds.isEmpty && $0.userIds.count == 1 && $0.displayName.hasPrefix("SHARED-") })
      let user = try tenant.person(shared.userIds[0])
      let sharedShown = try await roster.run(["devices", "show", shared.id])
      #expect(sharedShown.stdout.contains("\nOwners (0)\n  none\n"), "\(sharedShown.stdout)")
      #expect(sharedShown.stdout.contains("\nUsers (1)\n  \(user.displayName ?? "-")"), "\(sharedShown.stdout)")
    }
  }

  @Test func anUnknownOrSharedNameIsNotGuessed() async throws {
    try await Self.withRoster { roster, _, tenant in
      let missing = try await roster.run(["devices", "show", "no-such-device"])
      #expect(missing.status == 1 && missing.stdout.isEmpty, "\(missing.stderr)")
      #expect(
        missing.stderr.contains("No device named \u{201C}no-such-device\u{201D} in the tenant."), "\(missing.stderr)")
      let unknownID = try await roster.run(["devices", "show", UUID().uuidString])
      #expect(unknownID.status == 1 && unknownID.stderr.contains("No device named"), "\(unknownID.stderr)")

      let shared = try #require(
        Dictionary(grouping: tenant.devices, by: \.displayName).values.first { $0.count >= 2 && $0.count <= 20 })
      let ambiguous = try await roster.run(["devices", "show", shared[0].displayName])
      #expect(ambiguous.status == 1 && ambiguous.stdout.isEmpty, "\(ambiguous.stderr)")
      #expect(ambiguous.stderr.contains("\(shared.count) devices are named"), "\(ambiguous.stderr)")
      for device in shared { #expect(ambiguous.stderr.contains(device.id), "\(device.id)") }
    }
  }

  @Test func offlineAnswersFromTheIndexAfterASync() async throws {
    try await Self.withRoster { roster, _, tenant in
      let unsynced = try await roster.run(["devices", "search", "--offline", "laptop"])
      #expect(unsynced.status == 3 && unsynced.stderr.contains("roster index sync"), "\(unsynced.stderr)")
      let sync = try await roster.run(["index", "sync"])
      #expect(sync.status == 0, "\(sync.stderr)")
      let laptop = try tenant.owned()
      for query in [[Self.tag(laptop)], ["laptop"], ["alerts"]] {
        let online = try await roster.run(["devices", "search", "--json", "--limit", "1000"] + query)
        let offline = try await roster.run(["devices", "search", "--json", "--limit", "1000", "--offline"] + query)
        #expect(online.status == 0 && offline.status == 0, "\(query): \(offline.stderr)")
        #expect(!online.stdout.isEmpty && offline.stdout == online.stdout, "\(query)")
        #expect(offline.stderr.contains("From the local index"), "\(offline.stderr)")
      }
      let shown = try await roster.run(["devices", "show", "--offline", laptop.displayName])
      #expect(shown.status == 0 && shown.stdout.hasPrefix(laptop.displayName + "\n"), "\(shown.stderr)")
      #expect(shown.stdout.contains("Owners: not kept in the local index"), "\(shown.stdout)")
      #expect(try await roster.run(["devices", "search", "--offline", "--demo", "x"]).status == 2)
    }
  }

  @Test func exitCodesAndThePermission() async throws {
    try await Self.withRoster { roster, harness, _ in
      let bare = try await roster.run(["devices", "search"])
      #expect(bare.status == 2 && bare.stderr.contains("word"), "\(bare.stderr)")
      #expect(try await roster.run(["devices", "search", "x", "--json", "--csv"]).status == 2)
      #expect(try await roster.run(["devices", "search", "x", "--limit", "0"]).status == 2)
      let signedOut = harness.roster(state: "nobody", extra: ["ROSTER_SCOPES": Self.deviceScopes])
      #expect(try await signedOut.run(["devices", "search", "laptop"]).status == 3)
    }
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.Read.All") { roster, _, _ in
      let denied = try await roster.run(["devices", "search", "laptop"])
      #expect(
        denied.status == 4 && denied.stderr.contains("Device.Read.All") && denied.stdout.isEmpty, "\(denied.stderr)")
      #expect(denied.stderr.contains("administrator"), "\(denied.stderr)")
      let show = try await roster.run(["devices", "show", "LAPTOP-X"])
      #expect(show.status == 4 && show.stderr.contains("Device.Read.All"), "\(show.stderr)")
      #expect(try await roster.run(["search", "a"]).status == 0)
      // The index keeps no devices either, and says which permission that needs.
      #expect(try await roster.run(["index", "sync"]).status == 0)
      let offline = try await roster.run(["devices", "search", "--offline", "laptop"])
      #expect(offline.status == 4 && offline.stderr.contains("Device.Read.All"), "\(offline.stderr)")
    }
  }
}
