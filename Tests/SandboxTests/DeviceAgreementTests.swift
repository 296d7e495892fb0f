import Foundation
import SandboxDirectory
import Testing

/// Issue 40 item 25: a generated device's model, system and version agree with each other, as a
/// real tenant's do: no "MacBook Pro · Android 15". The families are the test's own, so a model
/// added to the generator without one fails here until someone says what it runs. The devices
/// are the tenant's (`DeviceSet.generated`: what `/devices`, `registeredDevices` and
/// `ownedDevices` all serve).
@Suite("Generated devices agree with themselves")
struct DeviceAgreementTests {
  /// Model prefix → the `operatingSystem`s it runs and how their versions start.
  static let families: [(prefix: String, systems: Set<String>, versionLeads: [String])] = [
    ("Virtual Machine", ["Windows", "Linux"], ["10.0.", "Ubuntu"]),
    ("Surface", ["Windows"], ["10.0."]), ("21KC", ["Windows"], ["10.0."]), ("Latitude", ["Windows"], ["10.0."]),
    ("HP EliteBook", ["Windows"], ["10.0."]), ("MacBookPro", ["MacMDM"], ["14.", "15."]),
    ("XPS", ["Linux"], ["Ubuntu", "22.", "24."]), ("iPhone", ["iOS"], ["17.", "18."]),
    ("iPad", ["IPad"], ["17.", "18."]),
    ("Pixel", ["AndroidForWork"], ["14", "15"]), ("SM-", ["AndroidForWork"], ["14", "15"]),
    ("moto", ["Android"], ["13", "14"]), ("TC52", ["Android"], ["11"]),
  ]

  @Test("every device of 3,000 people runs a system its model runs, at a version that system has")
  func modelsSystemsAndVersionsAgree() throws {
    let directory = Directory.generated(seed: 7, size: 3_000)
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    var checked = 0
    var systemsSeen: Set<String> = []
    for device in DeviceSet.generated(seed: 7, directory: directory, now: now).devices {
      let model = try #require(device.model, "every generated device reports its hardware")
      guard let family = Self.families.first(where: { model.hasPrefix($0.prefix) }) else {
        Issue.record("no family for model \(model.debugDescription)")
        continue
      }
      let system = device.operatingSystem
      let version = device.operatingSystemVersion
      #expect(family.systems.contains(system), "\(model.debugDescription) runs \(system) \(version)")
      #expect(family.versionLeads.contains { version.hasPrefix($0) }, "\(model.debugDescription): \(system) \(version)")
      systemsSeen.insert(system)
      checked += 1
    }
    #expect(checked > 3_000, "most people have one to three devices")
    #expect(systemsSeen.isSuperset(of: ["Windows", "iOS", "AndroidForWork", "MacMDM"]))
  }
}
