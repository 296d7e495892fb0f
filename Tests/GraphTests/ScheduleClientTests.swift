import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Graph

/// `ScheduleClient.live` against scripted getSchedule replies: the request it sends, decoding of
/// Graph's own example (custom zone included), calls split by the per-call limit and kept within
/// four in flight, answers back in the order asked, 403 and 429.
@Suite struct ScheduleClientTests {
  static let window = DateInterval(
    start: ReachTime.utc("2026-03-16T00:00:00Z"), end: ReachTime.utc("2026-03-17T00:00:00Z"))

  static func client(
    _ transport: any HTTPTransport, perCall: Int = ScheduleClient.maxAddressesPerCall,
    sleep: RecordingSleep = RecordingSleep()
  ) throws -> ScheduleClient {
    let configuration = try GraphConfiguration(
      endpoint: GraphHarness.endpoint, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
    return .live(
      configuration: configuration, tokens: FakeTokens(), transport: transport, perCall: perCall, sleep: sleep.function)
  }

  /// A reply naming each address in the request body, free all day, Pacific working hours.
  @Sendable static func echo(_ request: HTTPRequest) -> HTTPResponse {
    let body = (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: Any]
    let addresses = body?["schedules"] as? [String] ?? []
    let values = addresses.map { #"{"scheduleId":"\#($0)","availabilityView":"0","scheduleItems":[]}"# }
    return HTTPResponse(
      status: 200, headers: [("Content-Type", "application/json")],
      body: Data(#"{"value":[\#(values.joined(separator: ","))]}"#.utf8))
  }

  @Test func sendsOnePostWithUTCTimesAndThePreferHeader() async throws {
    let transport = FakeTransport(Self.echo)
    let schedules = try await Self.client(transport).schedules(["a@example.test", "b@example.test"], Self.window) { _ in
    }
    #expect(schedules.map(\.address) == ["a@example.test", "b@example.test"])
    let request = try #require(transport.requests.first)
    #expect(request.method == "POST" && request.url.path == "/v1.0/me/calendar/getSchedule")
    #expect(request.headers.contains { $0.name == "Prefer" && $0.value == #"outlook.timezone="UTC""# })
    let body = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
    #expect(body["schedules"] as? [String] == ["a@example.test", "b@example.test"])
    #expect(
      body["startTime"] as? [String: String] == ["dateTime": "2026-03-16T00:00:00", "timeZone": "UTC"])
    #expect(body["endTime"] as? [String: String] == ["dateTime": "2026-03-17T00:00:00", "timeZone": "UTC"])
  }

  @Test func decodesGraphsExampleWithItsCustomZone() async throws {
    let transport = FakeTransport(script: [.json(200, ScheduleFixture.graphExample)])
    let schedules = try await Self.client(transport).schedules(
      ["adelev@contoso.onmicrosoft.com", "meganb@contoso.onmicrosoft.com"], Self.window
    ) { _ in }
    #expect(schedules.count == 2)
    let adele = schedules[0]
    #expect(adele.items.count == 1 && adele.items[0].status == .busy)
    #expect(adele.items[0].subject == "Let's go for lunch" && adele.items[0].location == "Harry's Bar")
    // 12:00 Pacific on 15 March 2019 (summer time since the 10th) is 19:00Z.
    #expect(adele.items[0].start == ReachTime.utc("2019-03-15T19:00:00Z"))
    #expect(adele.workingHours?.days == [.monday, .tuesday, .wednesday, .thursday, .friday])
    #expect(adele.workingHours?.start == TimeOfDay(hour: 8) && adele.workingHours?.end == TimeOfDay(hour: 17))
    #expect(adele.zone?.rules == .iana("America/Los_Angeles"))
    let megan = schedules[1]
    #expect(megan.items.map(\.status) == [.busy, .busy, .tentative, .busy, .tentative])
    guard case .custom(let custom)? = megan.workingHours?.timeZone else {
      Issue.record("no custom zone: \(String(describing: megan.workingHours?.timeZone))")
      return
    }
    #expect(custom.bias == 480 && custom.daylightBias == -60)
    #expect(custom.daylight == ZoneTransition(month: 3, occurrence: 2, weekday: .sunday, time: TimeOfDay(hour: 2)))
    #expect(custom.standard == ZoneTransition(month: 11, occurrence: 1, weekday: .sunday, time: TimeOfDay(hour: 2)))
  }

  @Test func errorsPerScheduleAndMissingAnswersAreKeptInTheOrderAsked() async throws {
    let body = #"""
      {"value":[
        {"scheduleId":"B@Example.Test","scheduleItems":[
          {"status":"oof","start":{"dateTime":"2026-03-16T00:00:00.0000000","timeZone":"UTC"},
           "end":{"dateTime":"2026-03-18T00:00:00.0000000","timeZone":"UTC"}},
          {"status":"sleeping","start":{"dateTime":"2026-03-16T09:00:00","timeZone":"UTC"},
           "end":{"dateTime":"2026-03-16T10:00:00","timeZone":"UTC"}},
          {"status":"busy","start":{"dateTime":"garbage","timeZone":"UTC"}}]},
        {"scheduleId":"x@other.test","error":{"message":"Mailbox \u001b[31mnot\u001b[0m found","responseCode":"ErrorMailRecipientNotFound"}}
      ]}
      """#
    let transport = FakeTransport(script: [.json(200, body)])
    let schedules = try await Self.client(transport).schedules(
      ["x@other.test", "a@example.test", "b@example.test"], Self.window
    ) { _ in }
    #expect(schedules.map(\.address.string) == ["x@other.test", "a@example.test", "B@Example.Test"])
    #expect(
      schedules[0].error == FreeBusyError(message: "Mailbox not found", responseCode: "ErrorMailRecipientNotFound"))
    #expect(schedules[1].error?.message == "Microsoft Graph returned no schedule for this address.")
    #expect(schedules[2].items.map(\.status) == [.oof, .unknown])
  }

  @Test func splitsByThePerCallLimitAndKeepsFourCallsInFlight() async throws {
    let transport = GatedTransport(reply: Self.echo)
    let addresses = (1...45).map { "p\($0)@example.test" }
    let schedules = try await Self.client(transport, perCall: 5).schedules(addresses, Self.window) { _ in }
    #expect(schedules.map(\.address.string) == addresses)
    #expect(transport.batchSizes.sorted() == Array(repeating: 5, count: 9))
    #expect(transport.maxInFlight == 4, "Outlook allows 4 concurrent requests per mailbox")
    #expect(ScheduleClient.maxAddressesPerCall == 20)
  }

  @Test func aRefusalNamesCalendarsReadBasic() async throws {
    let transport = FakeTransport(script: [
      .json(403, #"{"error":{"code":"ErrorAccessDenied","message":"Access is denied."}}"#)
    ])
    await #expect(throws: DirectoryError.permissionDenied(ScheduleClient.permissionExplanation)) {
      _ = try await Self.client(transport).schedules(["a@example.test"], Self.window) { _ in }
    }
    #expect(ScheduleClient.permissionExplanation.contains("Calendars.ReadBasic"))
  }

  @Test func throttlingWaitsOutRetryAfter() async throws {
    let sleep = RecordingSleep()
    let throttled = HTTPResponse(status: 429, headers: [("Retry-After", "7")], body: Data())
    let transport = FakeTransport(script: [.respond(throttled)], fallback: Self.echo)
    let notices = LockedValue<[RetryNotice]>([])
    let schedules = try await Self.client(transport, sleep: sleep).schedules(["a@example.test"], Self.window) {
      notice in notices.withLock { $0.append(notice) }
    }
    #expect(schedules.count == 1 && schedules[0].error == nil)
    #expect(sleep.recorded == [.seconds(7)])
    #expect(notices.current.map(\.reason) == [.throttled])
  }
}

/// Instants written as ISO 8601 in tests.
enum ReachTime {
  static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
}

/// A transport that holds each request a moment (an `await`, not a blocked thread), counting how
/// many are in flight at once and how many addresses each carried.
final class GatedTransport: HTTPTransport, Sendable {
  private let state = LockedValue((inFlight: 0, maxInFlight: 0, sizes: [Int]()))
  private let reply: @Sendable (HTTPRequest) -> HTTPResponse

  init(reply: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.reply = reply }

  var maxInFlight: Int { state.current.maxInFlight }
  var batchSizes: [Int] { state.current.sizes }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let body = (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: Any]
    state.withLock {
      $0.inFlight += 1
      $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
      $0.sizes.append((body?["schedules"] as? [String])?.count ?? 0)
    }
    try await Task.sleep(for: .milliseconds(50))
    state.withLock { $0.inFlight -= 1 }
    return reply(request)
  }
}

extension ScheduleClientTests {
  @Test func aMissingCalendarIsAServiceErrorNotAMissingPerson() async throws {
    let transport = FakeTransport(script: [
      .json(404, #"{"error":{"code":"MailboxNotEnabledForRESTAPI","message":"REST API is not yet supported"}}"#)
    ])
    await #expect(throws: DirectoryError.service(status: 404, code: nil, message: ScheduleClient.noCalendarExplanation))
    {
      _ = try await Self.client(transport).schedules(["a@example.test"], Self.window) { _ in }
    }
  }
}
