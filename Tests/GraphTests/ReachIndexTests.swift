import Foundation
import RosterCore
import TestSupport
import Testing

@testable import Index

/// Issue 31's kept working hours in the local index: each zone kind (Windows name, IANA name,
/// custom rules with daylight saving) reads back as Graph sent it, with when it was read; and the
/// hours go with the person — removed by a delta or a 404, left out of a full sync, no longer
/// readable — and all of them when Graph refuses getSchedule.
@Suite struct ReachIndexTests {
  static let guid = "6e7b768e-07e2-4810-8459-485f84f8f204"
  static let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
  static let pacific = WorkingHours(
    days: weekdays, start: TimeOfDay(hour: 8), end: TimeOfDay(hour: 17), timeZone: .named("Pacific Standard Time"))
  static let singapore = WorkingHours(
    days: [.sunday, .monday], start: TimeOfDay(hour: 9, minute: 30), end: TimeOfDay(hour: 2),
    timeZone: .named("Asia/Singapore"))
  static let custom = WorkingHours(
    days: weekdays, start: TimeOfDay(hour: 9), end: TimeOfDay(hour: 18),
    timeZone: .custom(
      CustomTimeZone(
        name: "Customized Time Zone", bias: 480,
        standard: ZoneTransition(month: 11, occurrence: 1, weekday: .sunday, time: TimeOfDay(hour: 2)),
        daylight: ZoneTransition(month: 3, occurrence: 2, weekday: .sunday, time: TimeOfDay(hour: 2)),
        daylightBias: -60)))
  static let noZone = WorkingHours(days: [], start: TimeOfDay(hour: 0), end: TimeOfDay(hour: 0), timeZone: nil)
  static let readAt = Date(timeIntervalSince1970: 1_800_000_123.5)

  static func withIndex(_ body: (DirectoryIndex) throws -> Void) throws {
    let directory = TemporaryDirectory(prefix: "roster-reach")
    defer { directory.remove() }
    try body(try DirectoryIndex.open(IndexLocation(directory: directory.url, tenantId: "t", accountId: "a")))
  }

  static func person(_ id: String, _ name: String) -> DeltaChange {
    .upsert(Person(id: id, displayName: CleanText(name)), managerId: nil, managerKnown: true)
  }

  /// A full sync of `changes` that becomes the live generation.
  static func fullSync(_ index: DirectoryIndex, _ changes: [DeltaChange]) throws {
    let generation = try index.beginFullSync(estimate: nil)
    try index.finishFullSync(
      DeltaPage(changes: changes, deltaLink: "d\(generation)"), generation: generation, at: readAt)
  }

  @Test func everyZoneKindReadsBackAsGraphSentIt() throws {
    try Self.withIndex { index in
      let hours: [String: WorkingHours?] = [
        Self.guid: Self.pacific, "p-sg": Self.singapore, "p-custom": Self.custom, "p-none": Self.noZone,
      ]
      try index.saveWorkingHours(hours, readAt: Self.readAt)
      // A GUID is kept as the person table keys it (16 bytes) and found by its text.
      let found = try index.workingHours(of: [Self.guid, "p-sg", "p-custom", "p-none", "p-unknown"])
      #expect(found[Self.guid] == StoredWorkingHours(hours: Self.pacific, readAt: Self.readAt))
      #expect(found["p-sg"]?.hours == Self.singapore)
      #expect(found["p-custom"]?.hours == Self.custom)
      #expect(found["p-none"]?.hours == Self.noZone)
      #expect(found["p-unknown"] == nil)
      #expect(found.count == 4)
      // A newer answer replaces the row; nil (the schedule could not be read) forgets it.
      try index.saveWorkingHours(["p-sg": Self.pacific, "p-custom": nil], readAt: Self.readAt + 60)
      let again = try index.workingHours(of: ["p-sg", "p-custom"])
      #expect(again == ["p-sg": StoredWorkingHours(hours: Self.pacific, readAt: Self.readAt + 60)])
    }
  }

  @Test func theHoursGoWithThePerson() throws {
    try Self.withIndex { index in
      try Self.fullSync(index, [Self.person("p1", "Ann Lee"), Self.person("p2", "Bo Ek"), Self.person("p3", "Cy Do")])
      try index.saveWorkingHours(["p1": Self.pacific, "p2": Self.singapore, "p3": Self.custom], readAt: Self.readAt)
      #expect(try index.workingHoursCount() == 3)
      // A delta that removes p1.
      try index.writeDeltaPage(DeltaPage(changes: [.removed(id: "p1")], deltaLink: "d2"), at: Self.readAt)
      #expect(try index.workingHours(of: ["p1", "p2", "p3"]).keys.sorted() == ["p2", "p3"])
      // Graph answered 404 for p2.
      try index.remove(id: "p2")
      #expect(try index.workingHours(of: ["p1", "p2", "p3"]).keys.sorted() == ["p3"])
      // A full sync that no longer lists p3 (left while no delta said so, or no longer readable).
      try index.saveWorkingHours(["p4": Self.pacific], readAt: Self.readAt)
      try Self.fullSync(index, [Self.person("p4", "Di Fo")])
      #expect(try index.workingHours(of: ["p3", "p4"]).keys.sorted() == ["p4"])
    }
  }

  @Test func aRefusalForgetsThemAll() throws {
    try Self.withIndex { index in
      try index.forgetWorkingHours()  // nothing kept: only reads
      try index.saveWorkingHours(["p1": Self.pacific, "p2": Self.singapore], readAt: Self.readAt)
      try index.forgetWorkingHours()
      #expect(try index.workingHoursCount() == 0)
    }
  }

  /// The live client: forgotten at attach when the sign-in cannot read schedules.
  @Test func aSignInWithoutThePermissionForgetsThem() throws {
    let directory = TemporaryDirectory(prefix: "roster-reach-live")
    defer { directory.remove() }
    let client = LocalIndexClient.live(
      environment: [:], directory: directory.url, feed: DeltaFeed { _, _ in DeltaPage(changes: []) },
      estimate: { nil })
    var account = Fixtures.account
    account.grantedScopes += ["Calendars.ReadBasic"]
    _ = client.attach(account)
    client.workingHours.save(["p1": Self.pacific], Self.readAt)
    #expect(client.workingHours.read(["p1"]) == ["p1": StoredWorkingHours(hours: Self.pacific, readAt: Self.readAt)])
    account.grantedScopes.removeAll { $0 == "Calendars.ReadBasic" }
    _ = client.attach(account)
    #expect(client.workingHours.read(["p1"]).isEmpty)
  }
}
