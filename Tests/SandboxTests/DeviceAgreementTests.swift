import Foundation
import SandboxDirectory
import Testing

@testable import Sandbox

/// Issue 40 item 25: a generated device's model, system and version agree with each other, as a
/// real tenant's do: no "MacBook Pro · Android 15". The families are the test's own, so a model
/// added to the generator without one fails here until someone says what it runs.
@Suite("Generated devices agree with themselves")
struct DeviceAgreementTests {
  /// Model name prefix → the `operatingSystem` it runs and the versions that system has.
  static let families: [(prefix: String, system: String, versionLeads: [String])] = [
    ("LAPTOP-", "Windows", ["10.0."]), ("DESKTOP-", "Windows", ["10.0."]), ("ThinkPad-", "Windows", ["10.0."]),
    ("Surface", "Windows", ["10.0."]), ("Shared-Meeting-Room-Device-", "Windows", ["10.0."]),
    ("iPhone", "iOS", ["17.", "18."]), ("iPad", "iOS", ["17.", "18."]),
    ("Pixel", "Android", ["14", "15"]), ("Galaxy", "Android", ["14", "15"]), ("Kiosk", "Android", ["14", "15"]),
    ("MacBook", "MacMDM", ["14.", "15."]), ("iMac", "MacMDM", ["14.", "15."]),
  ]

  static func string(_ value: JSONValue?) -> String? {
    if case .string(let text)? = value { return text }
    return nil
  }

  @Test("every device of 3,000 people runs a system its model runs, at a version that system has")
  func modelsSystemsAndVersionsAgree() throws {
    let directory = Directory.generated(seed: 7, size: 3_000)
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    var checked = 0
    var systemsSeen: Set<String> = []
    for user in directory.users {
      let facts = AccountFacts(user: user, seed: 7, now: now)
      for device in facts.devices(owned: false) {
        let name = try #require(Self.string(device["displayName"]))
        let system = try #require(Self.string(device["operatingSystem"]))
        let version = try #require(Self.string(device["operatingSystemVersion"]))
        guard let family = Self.families.first(where: { name.hasPrefix($0.prefix) }) else {
          Issue.record("no family for model \(name.debugDescription)")
          continue
        }
        #expect(system == family.system, "\(name.debugDescription) runs \(system) \(version)")
        #expect(
          family.versionLeads.contains { version.hasPrefix($0) }, "\(name.debugDescription): \(system) \(version)")
        #expect(
          Self.string(device["trustType"]) == (system == "Windows" ? "AzureAd" : "Workplace"),
          "\(name.debugDescription)")
        systemsSeen.insert(system)
        checked += 1
      }
    }
    #expect(checked > 3_000, "most people have one to three devices")
    #expect(systemsSeen == ["Windows", "iOS", "Android", "MacMDM"])
  }
}
