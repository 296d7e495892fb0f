import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

/// `ScheduleClient.live` against the sandbox's getSchedule: 45 addresses in three calls, every
/// answer back in the order asked, zones resolved as the sandbox stated them (Windows, IANA,
/// custom, unknown), the rooms' bookings, per-schedule errors, and the permission's explanation.
@Suite struct ScheduleClientSandboxTests {
  static let scope = "openid profile offline_access User.Read \(ScheduleClient.permission)"
  static let window = DateInterval(
    start: Date(timeIntervalSince1970: 1_800_000_000 - 8 * 3600),
    end: Date(timeIntervalSince1970: 1_800_000_000 + 16 * 3600))

  static func withSchedules<Result>(
    scope: String = scope, _ body: (ScheduleClient, SandboxHarness) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with(clock: ManualClock(), configure: { $0.size = 400 }) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
      let client = ScheduleClient.live(configuration: configuration, tokens: tokens, transport: harness.transport)
      return try await body(client, harness)
    }
  }

  @Test func fortyFiveAddressesRoundTripWithTheirZonesItemsAndErrors() async throws {
    try await Self.withSchedules { client, harness in
      let people = Array(Directory.generated(seed: 1, size: 400).users.filter { $0.userType != "Guest" }.prefix(40))
      let rooms = PlaceSet.generated(seed: 1, people: 400).rooms.prefix(3).map(\.emailAddress)
      let addresses = people.map { $0.mail ?? $0.userPrincipalName } + rooms + ["nobody@contoso.onmicrosoft.com", "x"]
      try await harness.clearRequests()
      let schedules = try await client.schedules(addresses, Self.window) { _ in }
      #expect(try await harness.requests(pathPrefix: "/v1.0/me/calendar/getSchedule").count == 3)
      #expect(schedules.map(\.address.string) == addresses)

      var kinds: Set<String> = []
      for (person, schedule) in zip(people, schedules) {
        let profile = CalendarProfile(user: person, seed: 1)
        if person.mail == nil || (profile.unreadable && person.id != people[0].id) {
          #expect(schedule.error != nil, "\(person.userPrincipalName)")
          continue
        }
        #expect(schedule.error == nil, "\(person.userPrincipalName): \(String(describing: schedule.error))")
        let hours = try #require(schedule.workingHours)
        #expect(hours.timeZone?.name.string == profile.zone.name)
        #expect(hours.start.seconds == profile.start && hours.end.seconds == profile.end)
        #expect(Set(hours.days.map(\.rawValue)) == Set(profile.workingDays))
        let zone = try #require(schedule.zone)
        switch profile.zone.rules {
        case .fixed:
          #expect(!zone.isKnown)
          kinds.insert("unknown")
        case .custom:
          #expect(
            zone.isKnown
              && zone.secondsFromGMT(at: Self.window.start) == profile.zone.secondsFromGMT(at: Self.window.start))
          kinds.insert("custom")
        case .iana(let id):
          #expect(zone.isKnown)
          #expect(
            TimeZone(identifier: zone.ianaIdentifier ?? "")?.secondsFromGMT(for: Self.window.start)
              == TimeZone(identifier: id)?.secondsFromGMT(for: Self.window.start))
          kinds.insert(profile.zone.name.contains("/") ? "iana" : "windows")
        }
        for item in schedule.items {
          #expect(item.status != .unknown && item.start < item.end)
          #expect(item.end > Self.window.start && item.start < Self.window.end)
        }
      }
      #expect(kinds.isSuperset(of: ["iana", "windows"]), "\(kinds)")
      #expect(schedules.prefix(40).contains { !$0.items.isEmpty })
      for room in schedules[40..<43] {
        #expect(room.error == nil && room.workingHours == nil)
        #expect(room.items.allSatisfy { $0.status == .busy })
      }
      #expect(schedules[43].error?.responseCode == "5009")
      #expect(schedules[44].error != nil)
    }
  }

  @Test func withoutCalendarsReadBasicTheExplanationNamesIt() async throws {
    try await Self.withSchedules(scope: "openid profile offline_access User.Read") { client, _ in
      await #expect(throws: DirectoryError.permissionDenied(ScheduleClient.permissionExplanation)) {
        _ = try await client.schedules(["a@contoso.onmicrosoft.com"], Self.window) { _ in }
      }
    }
  }

  /// Outlook's window is ten minutes: the sandbox's 429 reaches the client with that wait, which
  /// it hands to the caller instead of sleeping through it.
  @Test func outlooksLimitReachesTheClientWithItsRetryAfter() async throws {
    try await SandboxHarness.with(
      clock: ManualClock(), configure: { $0.limits.mailboxRequestsPerWindow = 1 }
    ) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: Self.scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
      let client = ScheduleClient.live(
        configuration: configuration, tokens: tokens, transport: harness.transport, perCall: 1, concurrent: 1)
      await #expect(throws: DirectoryError.throttled(retryAfter: .seconds(600))) {
        _ = try await client.schedules(["a@b.c", "d@e.f"], Self.window) { _ in }
      }
      harness.clock!.advance(by: 600)
      #expect(try await client.schedules(["a@b.c"], Self.window) { _ in }.count == 1)
    }
  }
}
