import Foundation

/// Builds the tenant's devices from the seed and the directory: the hostile demo devices
/// (`DemoDevices`) first, the group members' devices (Build Agents) with the ids the groups
/// already give them, then each person's laptop, phone and shared tablet, then the devices
/// nobody owns any more (their owner's id names no one in the directory) and Autopilot machines
/// no one has signed in to yet.
///
/// Its own random streams, seeded apart from the people's, groups' and places', so adding devices
/// changed nothing else. Same seed, directory and clock, same devices. Only the first
/// `peopleWithDevices` people get devices, so a million-person tenant stays small.
struct DeviceGenerator {
  let seed: UInt64
  let directory: Directory
  let now: Date
  /// Exactly this many devices when set (`roster sandbox --devices N`): the people's are cut to
  /// it, or topped up with a fleet of shared devices nobody owns (kiosks, scanners, meeting-room
  /// hubs, as IT enrols them by the thousand), so a tenant of few people can hold 50,000.
  var count: Int? = nil

  static let peopleWithDevices = 20_000
  /// Entra's stale-device guidance speaks of 90 days; stale devices here are well past it.
  static let staleDays = 91...400

  /// Hardware by role, each with the systems it runs, so a model never pairs with a system it
  /// cannot run (a MacBook on Android).
  struct Hardware {
    var manufacturer: String
    var model: String
    var system: String
    var versions: [String]
  }

  static let windows = ["10.0.22631.4460", "10.0.26100.2314", "10.0.19045.5131"]
  static let laptops = [
    Hardware(manufacturer: "Microsoft Corporation", model: "Surface Laptop 6", system: "Windows", versions: windows),
    Hardware(manufacturer: "LENOVO", model: "21KC0012US", system: "Windows", versions: windows),
    Hardware(manufacturer: "Dell Inc.", model: "Latitude 7450", system: "Windows", versions: windows),
    Hardware(manufacturer: "HP", model: "HP EliteBook 840 G10", system: "Windows", versions: windows),
    Hardware(manufacturer: "Apple", model: "MacBookPro18,3", system: "MacMDM", versions: ["15.1.1", "14.7.1"]),
    Hardware(manufacturer: "Dell Inc.", model: "XPS 13 9340", system: "Linux", versions: ["Ubuntu 24.04", "22.04"]),
  ]
  static let windowsLaptops = laptops.filter { $0.system == "Windows" }
  static let phones = [
    Hardware(manufacturer: "Apple", model: "iPhone 15", system: "iOS", versions: ["18.1.1", "17.6.1"]),
    Hardware(manufacturer: "Apple", model: "iPhone 13 mini", system: "iOS", versions: ["17.6.1"]),
    Hardware(manufacturer: "Google", model: "Pixel 8", system: "AndroidForWork", versions: ["15", "14"]),
    Hardware(manufacturer: "samsung", model: "SM-S921B", system: "AndroidForWork", versions: ["14"]),
    Hardware(manufacturer: "motorola", model: "moto g54 5G", system: "Android", versions: ["14", "13"]),
  ]
  static let shared = [
    Hardware(manufacturer: "Apple", model: "iPad Air (5th generation)", system: "IPad", versions: ["17.6.1"]),
    Hardware(manufacturer: "Microsoft Corporation", model: "Surface Hub 2S", system: "Windows", versions: windows),
    Hardware(manufacturer: "Zebra Technologies", model: "TC52", system: "Android", versions: ["11"]),
  ]

  func make() -> [RegisteredDevice] {
    var random = SeededRandom(seed: seed ^ 0x510E_527F_ADE6_82D1)
    var ids = SeededRandom(seed: seed ^ 0x9B05_688C_2B3E_6C1F)
    func nextId() -> String { GUIDFormat.string(high: ids.next(), low: ids.next()) }
    let people = min(directory.users.count, Self.peopleWithDevices)
    var devices: [RegisteredDevice] = []

    func device(_ hardware: Hardware, name: String, trust: String?) -> RegisteredDevice {
      var device = RegisteredDevice(
        id: nextId(), deviceId: nextId(), displayName: name, operatingSystem: hardware.system,
        operatingSystemVersion: random.pick(hardware.versions), trustType: trust,
        registrationDateTime: now.addingTimeInterval(-Double(30 + random.below(1_100)) * 86_400).truncatedToSeconds
      )
      device.manufacturer = hardware.manufacturer
      device.model = hardware.model
      device.isManaged = trust != "Workplace" || random.chance(60)
      device.isCompliant = device.isManaged == true && random.chance(85)
      return device
    }
    /// Recent (three in four), a month or two ago, or stale past 90 days (then often disabled).
    func signedIn(_ device: inout RegisteredDevice) {
      let roll = random.below(100)
      let days =
        roll < 75 ? random.below(14) : roll < 90 ? 20 + random.below(60) : Self.staleDays.lowerBound + random.below(310)
      let seen = now.addingTimeInterval(-Double(days * 86_400 + random.below(86_400))).truncatedToSeconds
      device.approximateLastSignInDateTime = seen
      device.registrationDateTime = min(device.registrationDateTime, seen)
      if days >= Self.staleDays.lowerBound, random.chance(40) { device.accountEnabled = false }
    }
    func owned(_ device: inout RegisteredDevice, by userId: String) {
      device.ownerIds = [userId]
      device.userIds = [userId]
    }

    // The hostile names, each registered to one of the first people (not the signed-in default).
    var holder = 1
    for name in DemoDevices.names {
      while holder < people, directory.users[holder].userType?.lowercased() == "guest" { holder += 1 }
      var hostile = device(random.pick(Self.phones), name: name, trust: "Workplace")
      signedIn(&hostile)
      hostile.approximateLastSignInDateTime = now.addingTimeInterval(-3_600).truncatedToSeconds
      hostile.accountEnabled = true
      if holder < people { owned(&hostile, by: directory.users[holder].id) }
      devices.append(hostile)
      holder += 1
    }
    // Group members' devices keep the ids the groups give them.
    for member in directory.devices {
      let system = member.operatingSystem
      var agent = device(
        Hardware(
          manufacturer: "Microsoft Corporation", model: "Virtual Machine", system: system,
          versions: system == "Windows" ? Self.windows : ["Ubuntu 22.04"]), name: member.displayName, trust: "AzureAd")
      agent.id = member.id
      agent.approximateLastSignInDateTime = now.addingTimeInterval(-Double(random.below(86_400))).truncatedToSeconds
      devices.append(agent)
    }
    for index in 0..<people {
      let user = directory.users[index]
      if user.userType?.lowercased() == "guest" || random.below(6) == 0 { continue }
      let count = 1 + random.below(3)
      // A phone names itself after its owner's first name ("Pat’s iPhone"), never the whole name.
      let given = user.givenName ?? user.displayName?.split(separator: " ").first.map(String.init) ?? "User"
      // A laptop: Entra joined, hybrid joined (no registered owner: nobody "registered" it), a Mac or Linux.
      let laptop = random.pick(Self.laptops)
      let hybrid = laptop.system == "Windows" && random.chance(35)
      let laptopName =
        laptop.system == "Windows"
        ? (random.chance(50) ? "LAPTOP-" : "DESKTOP-") + Self.tag(&random)
        : laptop.system == "MacMDM" ? "\(given)’s MacBook Pro" : "\(given.lowercased())-xps"
      var first = device(
        laptop, name: laptopName, trust: hybrid ? "ServerAd" : laptop.system == "Windows" ? "AzureAd" : "Workplace")
      signedIn(&first)
      if !hybrid { owned(&first, by: user.id) }
      devices.append(first)
      if count >= 2 {
        let phone = random.pick(Self.phones)
        var second = device(
          phone, name: phone.system == "iOS" ? "\(given)’s iPhone" : phone.model, trust: "Workplace")
        signedIn(&second)
        owned(&second, by: user.id)
        devices.append(second)
      }
      if count == 3 {
        // A shared device IT enrolled: the person uses it (registeredUsers) but does not own it.
        let kind = random.pick(Self.shared)
        var third = device(kind, name: "SHARED-\(Self.tag(&random))", trust: "AzureAd")
        signedIn(&third)
        third.userIds = [user.id]
        devices.append(third)
      }
    }
    // Devices of people who have left: the owner's id names no one any more; long unused.
    for _ in 0..<max(3, people / 40) {
      var orphan = device(random.pick(Self.windowsLaptops), name: "LAPTOP-" + Self.tag(&random), trust: "AzureAd")
      let days = Self.staleDays.lowerBound + random.below(310)
      orphan.approximateLastSignInDateTime = now.addingTimeInterval(-Double(days * 86_400)).truncatedToSeconds
      orphan.registrationDateTime = min(orphan.registrationDateTime, orphan.approximateLastSignInDateTime!)
      orphan.accountEnabled = random.chance(50)
      owned(&orphan, by: nextId())
      devices.append(orphan)
    }
    // Autopilot machines registered ahead of their first user: no owner, never signed in.
    for _ in 0..<max(3, people / 50) {
      var fresh = device(random.pick(Self.windowsLaptops), name: "AP-" + Self.tag(&random), trust: "AzureAd")
      fresh.isCompliant = nil
      fresh.registrationDateTime = now.addingTimeInterval(-Double(random.below(20 * 86_400))).truncatedToSeconds
      devices.append(fresh)
    }
    guard let count else { return devices }
    if devices.count >= count { return Array(devices.prefix(count)) }
    while devices.count < count {
      var fleet = device(random.pick(Self.shared), name: "FLEET-" + Self.tag(&random), trust: "AzureAd")
      signedIn(&fleet)
      devices.append(fleet)
    }
    return devices
  }

  /// Seven characters as Windows names its machines (`LAPTOP-4F2K9QX`).
  static func tag(_ random: inout SeededRandom) -> String {
    let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
    return String((0..<7).map { _ in random.pick(alphabet) })
  }
}

extension Date {
  /// Whole seconds, as Graph writes these instants.
  var truncatedToSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}

extension DeviceSet {
  /// The generated tenant's devices (`DeviceGenerator`): same seed, directory and clock, same devices.
  /// `count`: exactly that many (the people's cut to it, or topped up with shared fleet devices);
  /// nil: as many as the people have.
  public static func generated(seed: UInt64 = 1, directory: Directory, now: Date, count: Int? = nil) -> DeviceSet {
    DeviceSet(DeviceGenerator(seed: seed, directory: directory, now: now, count: count).make())
  }
}

/// The hostile device names, first in every generated tenant's devices and registered to the
/// first people, so tests show each is served intact and JSON-escaped: an escape sequence, a
/// terminal title change (OSC) with a bell, a right-to-left override, a very long name, control
/// characters, quotes and a backslash, CJK.
public enum DemoDevices {
  public static let names = [
    "Alerts \u{1B}[31mRED\u{1B}[0m Phone",
    "Surface\u{1B}]0;owned\u{07}",
    "Kiosk \u{202E}evil\u{202C} Tablet",
    String(repeating: "Shared-Meeting-Room-Device-", count: 10),
    "Tab\tNew\nLine\u{0}Null\u{08}Back",
    "O'Brien \"Work\" Phone \\ 2",
    "東京オフィスのiPad",
  ]
}
