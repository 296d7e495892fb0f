import Foundation
import SandboxDirectory
import Testing

/// Issue 40 item 25: the generated organisation agrees with itself: a person's calendar keeps
/// the clock of the office their city, phone and usage location name, in one of the forms Graph
/// writes zones in; Israel and Egypt work Sunday to Thursday.
@Suite struct OfficeZoneTests {
  @Test func everyonesHoursAreTheirOfficesClock() throws {
    let people = Directory.generated(seed: 1, size: 3000).users.filter { $0.userType != "Guest" }
    var forms: [String: Set<String>] = [:]
    var unknown = 0
    for user in people {
      let city = try #require(user.city, "\(user.userPrincipalName) has no city")
      let office = try #require(OfficeZones.byCity[city], "no zone for the office in \(city)")
      let profile = CalendarProfile(user: user, seed: 1)
      guard case .fixed = profile.zone.rules else {
        let clock = Self.clock(of: profile.zone)
        #expect(clock == office, "\(user.userPrincipalName) in \(city) keeps \(profile.zone.name)")
        forms[city, default: []].insert(profile.zone.name)
        if ["Asia/Jerusalem", "Africa/Cairo"].contains(office), !profile.workingDays.isEmpty {
          #expect(profile.workingDays == [1, 2, 3, 4, 5], "\(city) works Sunday to Thursday")
        }
        continue
      }
      unknown += 1
    }
    // Still several forms of one clock (Redmond: Windows name, Graph's custom zone, IANA id), and
    // the zone no client knows, which the pane must call unknown.
    #expect((forms["Redmond"]?.count ?? 0) >= 2, "\(forms["Redmond"] ?? [])")
    #expect(unknown > 0)
  }

  static func clock(of zone: CalendarZone) -> String? {
    switch zone.rules {
    case .iana(let id): return id
    case .custom: return zone == CalendarProfile.customPacific ? "America/Los_Angeles" : zone.name
    case .fixed: return nil
    }
  }
}
