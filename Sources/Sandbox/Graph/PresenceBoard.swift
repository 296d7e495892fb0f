import Foundation
import SandboxDirectory
import Synchronization

/// Teams presence for the sandbox's people: it changes by itself every `period` (drawn from the
/// user's id and the time slot, so a seed always gives the same afternoon), and the control API
/// can pin a person's presence for a test or a demo (`POST /_sandbox/presence`).
final class PresenceBoard: Sendable {
  /// One presence as Graph spells it (resources/presence.md).
  struct Entry: Sendable, Equatable {
    var availability: String
    var activity: String
  }

  /// How long a generated presence lasts before the person's next one.
  static let period: TimeInterval = 120

  static let availabilities = [
    "Available", "AvailableIdle", "Away", "BeRightBack", "Busy", "BusyIdle", "DoNotDisturb", "Offline",
    "PresenceUnknown",
  ]
  static let activities = [
    "Available", "Away", "BeRightBack", "Busy", "DoNotDisturb", "InACall", "InAConferenceCall", "Inactive",
    "InAMeeting", "Offline", "OffWork", "OutOfOffice", "PresenceUnknown", "Presenting", "UrgentInterruptionsOnly",
  ]

  /// What a working day looks like: weights out of 100 with a fitting activity.
  private static let generated: [(weight: Int, entry: Entry)] = [
    (38, Entry(availability: "Available", activity: "Available")),
    (6, Entry(availability: "AvailableIdle", activity: "Inactive")),
    (10, Entry(availability: "Busy", activity: "InAMeeting")),
    (6, Entry(availability: "Busy", activity: "InACall")),
    (3, Entry(availability: "Busy", activity: "Busy")),
    (4, Entry(availability: "DoNotDisturb", activity: "Presenting")),
    (8, Entry(availability: "Away", activity: "Away")),
    (5, Entry(availability: "BeRightBack", activity: "BeRightBack")),
    (20, Entry(availability: "Offline", activity: "OffWork")),
  ]

  private let pinned = Mutex<[String: Entry]>([:])
  private let seed: UInt64

  init(seed: UInt64) { self.seed = seed }

  /// The presence of `user` at `now`: pinned, else generated for the current time slot.
  /// Disabled accounts are offline; rooms and guests without Teams are unknown.
  func presence(of user: DirectoryUser, at now: Date) -> Entry {
    if let entry = pinned.withLock({ $0[user.id] }) { return entry }
    if !user.accountEnabled { return Entry(availability: "Offline", activity: "Offline") }
    if user.userType == "Guest" { return Entry(availability: "PresenceUnknown", activity: "PresenceUnknown") }
    let slot = UInt64(max(0, now.timeIntervalSince1970 / Self.period))
    var random = SeededRandom(seed: seed ^ Self.stableHash(user.id) ^ (slot &* 0x9E37_79B9_7F4A_7C15))
    var roll = Int(random.next() % 100)
    for candidate in Self.generated {
      if roll < candidate.weight { return candidate.entry }
      roll -= candidate.weight
    }
    return Self.generated[0].entry
  }

  func pin(_ entry: Entry, for userId: String) { pinned.withLock { $0[userId] = entry } }
  func unpinAll() { pinned.withLock { $0.removeAll() } }

  /// FNV-1a: a stable hash of the id (Swift's `Hasher` is seeded per process).
  static func stableHash(_ text: String) -> UInt64 {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
    return value
  }
}
