import Foundation
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

/// `roster free` with real slots: three people in three zones (US Eastern, UK, central Europe)
/// read from the sandbox's getSchedule, on the Monday after the US moved its clocks (2026-03-09:
/// New York is UTC−4 while London and Berlin are still on winter time) and on the Friday before
/// (New York UTC−5), with the sandbox's clock set there (`roster sandbox --now` in-process). The
/// slots printed must be exactly the common working time minus everyone's busy, tentative and
/// out-of-office entries, as the sandbox's own calendars say.
@Suite(.serialized) struct FreeSlotsSandboxCommandTests {
  static let seed: UInt64 = 1
  static let size = 400
  static let scopes = "openid profile offline_access User.Read User.Read.All Calendars.ReadBasic"

  /// Days since 1970-01-01 of 2026-03-09 (Monday) and 2026-03-06 (Friday).
  static let monday = CalendarDays.day(year: 2026, month: 3, day: 9)
  static let friday = CalendarDays.day(year: 2026, month: 3, day: 6)

  struct Pick {
    var user: DirectoryUser
    var profile: CalendarProfile
    var address: String { user.mail ?? user.userPrincipalName }
  }

  /// Readable Monday–Friday members in the office whose zone is one of `names`.
  static func candidates(_ names: Set<String>, among people: [DirectoryUser]) -> [Pick] {
    people.dropFirst().compactMap { user in
      let profile = CalendarProfile(user: user, seed: seed)
      guard user.accountEnabled, user.userType != "Guest", user.mail != nil, !profile.unreadable,
        profile.workingDays == [2, 3, 4, 5, 6], names.contains(profile.zone.name), !away(user.id)
      else { return nil }
      return Pick(user: user, profile: profile)
    }
  }

  /// The sandbox's presence board has one in twenty out of office (FNV-1a of the id).
  static func away(_ id: String) -> Bool {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in id.utf8 {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
    return value % 20 == 0
  }

  /// The free time the sandbox's calendars leave on the UTC day `day`, in slots of 30 minutes or more.
  static func expected(_ picks: [Pick], day: Int) -> [Range<Date>] {
    let window =
      Date(timeIntervalSince1970: Double(day * 86_400))..<Date(timeIntervalSince1970: Double(day * 86_400 + 86_400))
    var free: [Range<Date>] = [window]
    for pick in picks {
      let zone = pick.profile.zone
      var working: [Range<Date>] = []
      var blocked: [Range<Date>] = []
      for local in (day - 1)...(day + 1) {
        if pick.profile.workingDays.contains(CalendarDays.weekday(local)) {
          working.append(
            zone.instant(day: local, seconds: pick.profile.start)..<zone.instant(day: local, seconds: pick.profile.end))
        }
        for item in pick.profile.items(id: pick.user.id, seed: seed, day: local, away: false)
        where ["busy", "tentative", "oof"].contains(item.status) {
          blocked.append(item.start..<item.end)
        }
      }
      free = free.flatMap { range in working.compactMap { range.clamped(to: $0).isEmpty ? nil : range.clamped(to: $0) }
      }
      for block in blocked {
        free = free.flatMap { range -> [Range<Date>] in
          guard block.overlaps(range) else { return [range] }
          return [
            range.lowerBound..<max(range.lowerBound, block.lowerBound),
            min(range.upperBound, block.upperBound)..<range.upperBound,
          ]
          .filter { !$0.isEmpty }
        }
      }
    }
    return free.sorted { $0.lowerBound < $1.lowerBound }.filter {
      $0.upperBound.timeIntervalSince($0.lowerBound) >= 1800
    }
  }

  @Test func slotsAcrossThreeZonesFollowTheUSClockChange() async throws {
    let people = Array(Directory.generated(seed: Self.seed, size: Self.size).users)
    let eastern = Self.candidates(["America/New_York", "Eastern Standard Time"], among: people)
    let british = Self.candidates(["Europe/London", "GMT Standard Time"], among: people)
    let central = Self.candidates(["W. Europe Standard Time"], among: people)
    // The first trio whose Monday leaves some common free time.
    var trio: [Pick]?
    search: for a in eastern {
      for b in british {
        for c in central where !Self.expected([a, b, c], day: Self.monday).isEmpty {
          trio = [a, b, c]
          break search
        }
      }
    }
    let picks = try #require(trio, "no trio with common free time among \(Self.size) people")
    // The US change moves New York's hours by one hour in UTC between the two days.
    let newYork = picks[0].profile
    #expect(
      newYork.zone.instant(day: Self.monday, seconds: newYork.start).timeIntervalSince1970
        - newYork.zone.instant(day: Self.friday, seconds: newYork.start).timeIntervalSince1970 == 3 * 86_400 - 3600)

    let now = Date(timeIntervalSince1970: Double(Self.monday * 86_400 + 15 * 3600))
    try await SandboxHarness.with(configure: {
      // What `roster sandbox --now 2026-03-09T15:00:00Z` sets: a clock running on from there.
      $0.now = SandboxConfiguration.clock(startingAt: now)
      $0.size = Self.size
      $0.approveAfter = .milliseconds(200)
    }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": Self.scopes, "TZ": "UTC"])
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr)")
      for (day, text) in [(Self.monday, "2026-03-09"), (Self.friday, "2026-03-06")] {
        let result = try await roster.run(["free"] + picks.map(\.address) + ["--day", text, "--json", "--without-me"])
        #expect(result.status == 0, "\(text): \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let slots = json["slots"] as? [[String: Any]] ?? []
        let stamp = ISO8601DateFormatter()
        let printed = slots.compactMap { slot -> Range<Date>? in
          guard let start = (slot["start"] as? String).flatMap(stamp.date(from:)),
            let end = (slot["end"] as? String).flatMap(stamp.date(from:))
          else { return nil }
          return start..<end
        }
        #expect(printed == Self.expected(picks, day: day), "\(text): \(result.stdout)")
        // Each slot on New York's clock, with the offset of that day.
        let offset = day == Self.monday ? -4 * 3600 : -5 * 3600
        for (slot, range) in zip(slots, printed) {
          let local = Int(range.lowerBound.timeIntervalSince1970) + offset
          let clock = String(format: "%02d:%02d", local / 3600 % 24, local / 60 % 60)
          let theirs = (slot["theirs"] as? [String: String])?[picks[0].address] ?? ""
          #expect(theirs.hasPrefix(clock), "\(text): \(theirs) should start at \(clock)")
        }
        let zones = (json["attendees"] as? [[String: Any]] ?? []).map { $0["timeZoneKnown"] as? Bool }
        #expect(zones == [true, true, true])
      }
    }
  }
}
