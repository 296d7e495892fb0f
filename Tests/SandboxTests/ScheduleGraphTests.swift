import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `POST /v1.0/me/calendar/getSchedule` over HTTP: Graph's shapes, the per-schedule errors, the
/// limits (20 addresses, 62 days, 5–1440-minute slots), the permission and Outlook's 429.
@Suite("Graph v1.0 getSchedule")
struct ScheduleGraphTests {
  static let scope = "openid profile offline_access User.Read Calendars.ReadBasic"
  static let path = "/v1.0/me/calendar/getSchedule"
  /// The manual clock's start, 2027-01-15T08:00:00Z, a Friday.
  static let day = "2027-01-15"

  static func body(
    _ addresses: [String], from: String = "\(day)T00:00:00", to: String = "\(day)T23:59:00",
    zone: String = "UTC", interval: Any = 30
  ) -> String {
    let object: [String: Any] = [
      "schedules": addresses, "startTime": ["dateTime": from, "timeZone": zone],
      "endTime": ["dateTime": to, "timeZone": zone], "availabilityViewInterval": interval,
    ]
    return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  static func ask(
    _ h: SandboxHarness, _ token: String, _ body: String, path: String = path, headers: [(String, String)] = []
  ) async throws -> Reply {
    try await h.send(
      "POST", path, headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")] + headers,
      body: body)
  }

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }

  static var people: [DirectoryUser] { Array(Directory.generated(seed: 1, size: 50).users) }

  /// An enabled member with a mailbox whose free/busy is readable and who is in the office.
  static func readable(_ test: (DirectoryUser, CalendarProfile) -> Bool) -> DirectoryUser? {
    people.dropFirst().first { user in
      let profile = CalendarProfile(user: user, seed: 1)
      return user.accountEnabled && user.userType != "Guest" && user.mail != nil && !profile.unreadable
        && PresenceBoard.stableHash(user.id) % 20 != 0 && test(user, profile)
    }
  }

  @Test("generation: the same profile for the same id and seed, every kind of zone, hours and errors")
  func generation() {
    let ids = (0..<4000).map { "00000000-0000-4000-8000-\(String(format: "%012d", $0))" }
    let profiles = ids.map { CalendarProfile(id: $0, seed: 1) }
    #expect(profiles == ids.map { CalendarProfile(id: $0, seed: 1) })
    #expect(profiles != ids.map { CalendarProfile(id: $0, seed: 2) })
    let names = Set(profiles.map(\.zone.name))
    for expected in [
      "Asia/Singapore", "America/New_York", "Pacific Standard Time", "W. Europe Standard Time",
      "India Standard Time", "Customized Time Zone", "Customized Time Zone 2", "Mars Standard Time",
    ] {
      #expect(names.contains(expected), "\(expected)")
    }
    #expect(profiles.contains { $0.workingDays.isEmpty })
    #expect(profiles.contains { $0.workingDays == [1, 2, 3, 4, 5] })
    #expect(profiles.filter { $0.workingDays == [2, 3, 4, 5, 6] }.count > profiles.count / 2)
    let unreadable = profiles.filter(\.unreadable).count
    #expect((40...160).contains(unreadable), "\(unreadable)")
    #expect(profiles.allSatisfy { $0.start >= 7 * 3600 && $0.end > $0.start && $0.end <= 20 * 3600 })
  }

  @Test("custom zones keep the rules of the zones they stand for, across both changes of a year")
  func customZones() {
    let pairs = [
      (CalendarProfile.customPacific, "America/Los_Angeles"), (CalendarProfile.customNewZealand, "Pacific/Auckland"),
    ]
    for (custom, iana) in pairs {
      let zone = TimeZone(identifier: iana)!
      // Every hour of 2026 and 2027.
      for hour in stride(from: 1_767_225_600, to: 1_830_297_600, by: 3600) {
        let date = Date(timeIntervalSince1970: Double(hour))
        if custom.secondsFromGMT(at: date) != zone.secondsFromGMT(for: date) {
          Issue.record("\(custom.name) differs from \(iana) at \(date)")
          return
        }
      }
    }
    #expect(CalendarProfile.customNepal.secondsFromGMT(at: Date()) == 5 * 3600 + 45 * 60)
  }

  @Test("a person, a room, an unknown address and a guest: Graph's shapes, UTC without Prefer")
  func shapes() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.scope).accessToken
      let person = try #require(Self.readable { _, profile in !profile.workingDays.isEmpty })
      let guest = try #require(Self.people.first { $0.userType == "Guest" })
      let room = try #require(PlaceSet.generated(seed: 1, people: 50).rooms.first)
      let asked = [
        person.mail!, room.emailAddress, "nobody@contoso.onmicrosoft.com", guest.mail ?? guest.userPrincipalName,
      ]
      let reply = try await Self.ask(h, token, Self.body(asked))
      #expect(reply.status == 200, "\(reply.text)")
      #expect(
        reply["@odata.context"]?.hasSuffix("/v1.0/$metadata#Collection(microsoft.graph.scheduleInformation)") == true)
      let values = Self.values(reply)
      #expect(values.map { $0["scheduleId"] as? String } == asked)

      let first = values[0]
      #expect((first["availabilityView"] as? String)?.count == 48)
      #expect((first["availabilityView"] as? String)?.allSatisfy { "0123".contains($0) } == true)
      let hours = try #require(first["workingHours"] as? [String: Any])
      #expect(Set(hours.keys) == ["daysOfWeek", "startTime", "endTime", "timeZone"])
      #expect((hours["startTime"] as? String)?.wholeMatch(of: /\d\d:\d\d:00\.0000000/) != nil)
      #expect((hours["daysOfWeek"] as? [String])?.allSatisfy { $0 == $0.lowercased() } == true)
      let profile = CalendarProfile(user: person, seed: 1)
      let zone = try #require(hours["timeZone"] as? [String: Any])
      #expect(zone["name"] as? String == profile.zone.name)
      if case .custom = profile.zone.rules { #expect(zone["bias"] is Int) }
      for item in first["scheduleItems"] as? [[String: Any]] ?? [] {
        #expect(["free", "tentative", "busy", "oof", "workingElsewhere"].contains(item["status"] as? String ?? ""))
        let start = try #require(item["start"] as? [String: String])
        #expect(start["timeZone"] == "UTC")
        #expect(start["dateTime"]?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.0000000/) != nil)
        #expect(item["subject"] == nil || item["isPrivate"] as? Bool == false)
      }

      // The room: its bookings, no working hours.
      #expect(values[1]["workingHours"] == nil && values[1]["error"] == nil)
      #expect(
        (values[1]["scheduleItems"] as? [[String: Any]])?.allSatisfy { $0["status"] as? String == "busy" } == true)
      // Unknown and guest: the error Graph sends for an address it cannot resolve, nothing else.
      for failed in values[2...] {
        let error = try #require(failed["error"] as? [String: String])
        #expect(error["responseCode"] == "5009")
        #expect(error["message"]?.hasPrefix("Unable to resolve e-mail address") == true)
        #expect(Set(failed.keys) == ["scheduleId", "error"])
      }
      #expect(reply.header("x-ms-resource-unit") == nil)
    }
  }

  @Test("Prefer: outlook.timezone writes the same instants in the zone asked for; a Windows start zone is read")
  func preferredZone() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.scope).accessToken
      let person = try #require(Self.readable { _, _ in true })
      let utc = try await Self.ask(
        h, token, Self.body([person.mail!], from: "\(Self.day)T00:00:00", to: "\(Self.day)T16:00:00"))
      let pacific = try await Self.ask(
        h, token,
        Self.body(
          [person.mail!], from: "2027-01-14T16:00:00", to: "2027-01-15T08:00:00", zone: "Pacific Standard Time"),
        headers: [("Prefer", #"outlook.timezone="Pacific Standard Time""#)])
      #expect(pacific.status == 200, "\(pacific.text)")
      let utcItems = Self.values(utc)[0]["scheduleItems"] as? [[String: Any]] ?? []
      let pacificItems = Self.values(pacific)[0]["scheduleItems"] as? [[String: Any]] ?? []
      #expect(utcItems.count == pacificItems.count)
      #expect(
        Self.values(utc)[0]["availabilityView"] as? String == Self.values(pacific)[0]["availabilityView"] as? String)
      for (a, b) in zip(utcItems, pacificItems) {
        let u = try #require((a["start"] as? [String: String])?["dateTime"])
        let p = try #require((b["start"] as? [String: String])?["dateTime"])
        #expect((b["start"] as? [String: String])?["timeZone"] == "Pacific Standard Time")
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'.0000000'"
        format.timeZone = TimeZone(identifier: "UTC")
        let utcDate = try #require(format.date(from: u))
        format.timeZone = TimeZone(identifier: "America/Los_Angeles")
        #expect(format.date(from: p) == utcDate)
      }
    }
  }

  @Test("limits: 21 addresses, 62 days, a 2-minute slot, GET, no permission, someone else's calendar")
  func refusals() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.scope).accessToken
      let many = (0...20).map { "p\($0)@contoso.onmicrosoft.com" }
      let tooMany = try await Self.ask(h, token, Self.body(many))
      #expect(tooMany.status == 400)
      #expect(tooMany.text.contains("ErrorMailboxDataArrayTooBig"))
      #expect(tooMany.text.contains("The allowed size = 20; the actual size = 21."))
      #expect(try await Self.ask(h, token, Self.body(Array(many.prefix(20)))).status == 200)

      let long = try await Self.ask(
        h, token, Self.body(["a@b.c"], from: "2027-01-01T00:00:00", to: "2027-03-04T00:00:00"))
      #expect(long.status == 400 && long.text.contains("62 days"), "\(long.text)")
      let slot = try await Self.ask(h, token, Self.body(["a@b.c"], interval: 2))
      #expect(slot.status == 400 && slot.text.contains("availabilityViewInterval"))
      #expect(try await Self.ask(h, token, Self.body(["a@b.c"], interval: "15")).status == 200)
      let badZone = try await Self.ask(h, token, Self.body(["a@b.c"], zone: "Mars Standard Time"))
      #expect(badZone.status == 400)
      #expect(try await h.graph(Self.path, token: token).status == 405)

      let other = try #require(Self.people.dropFirst().first)
      let elsewhere = try await Self.ask(
        h, token, Self.body(["a@b.c"]), path: "/v1.0/users/\(other.id)/calendar/getSchedule")
      #expect(elsewhere.status == 403)
      let mine = try await Self.ask(
        h, token, Self.body(["a@b.c"]), path: "/v1.0/users/\(Self.people[0].userPrincipalName)/calendar/getSchedule")
      #expect(mine.status == 200, "\(mine.text)")

      let plain = try await h.signIn(scope: "openid profile offline_access User.Read User.Read.All").accessToken
      let refused = try await Self.ask(h, plain, Self.body(["a@b.c"]))
      #expect(refused.status == 403)
      #expect(refused.text.contains("ErrorAccessDenied"))
      let read = try await h.signIn(scope: "openid profile offline_access User.Read Calendars.Read").accessToken
      #expect(try await Self.ask(h, read, Self.body(["a@b.c"])).status == 200)
    }
  }

  @Test("Outlook's per-mailbox limit: 429 with Retry-After to the window's end, then served again")
  func throttled() async throws {
    try await SandboxHarness.withManualClock({ $0.limits.mailboxRequestsPerWindow = 2 }) { h in
      let token = try await h.signIn(scope: Self.scope).accessToken
      #expect(try await Self.ask(h, token, Self.body(["a@b.c"])).status == 200)
      h.manualClock.advance(by: 100)
      #expect(try await Self.ask(h, token, Self.body(["a@b.c"])).status == 200)
      let refused = try await Self.ask(h, token, Self.body(["a@b.c"]))
      #expect(refused.status == 429)
      #expect(refused.header("Retry-After") == "500")
      #expect(refused.text.contains("ApplicationThrottled"))
      h.manualClock.advance(by: 500)
      #expect(try await Self.ask(h, token, Self.body(["a@b.c"])).status == 200)
    }
  }

  @Test("someone out of office (as their presence says) is out all day today; a day away they are not")
  func outOfOffice() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.scope).accessToken
      let away = Self.people.dropFirst().filter { user in
        user.accountEnabled && user.userType != "Guest" && user.mail != nil
          && !CalendarProfile(user: user, seed: 1).unreadable && PresenceBoard.stableHash(user.id) % 20 == 0
      }
      let person = try #require(away.first, "no one out of office among 50")
      let today = try await Self.ask(h, token, Self.body([person.mail!]))
      let items = Self.values(today)[0]["scheduleItems"] as? [[String: Any]] ?? []
      #expect(items.contains { $0["status"] as? String == "oof" }, "\(today.text)")
      #expect((Self.values(today)[0]["availabilityView"] as? String)?.contains("3") == true)
      let later = try await Self.ask(
        h, token, Self.body([person.mail!], from: "2027-02-15T00:00:00", to: "2027-02-15T23:00:00"))
      let laterItems = Self.values(later)[0]["scheduleItems"] as? [[String: Any]] ?? []
      #expect(!laterItems.contains { ($0["subject"] as? String) == "Out of office" })
    }
  }
}
