import Foundation
import HTTPTypes
import Hummingbird
import SandboxDirectory

/// `POST /me/calendar/getSchedule` (and `/users/{caller}/calendar/getSchedule`): free/busy,
/// working hours and their zone for up to 20 people or rooms (PROTOCOL.md, "getSchedule").
/// Calendars are generated per person and day (`CalendarProfile`); the people the presence board
/// has out of office are out (all day) from two days before the sandbox's today to four after.
extension GraphEndpoints {
  /// `me/calendar/getSchedule` or `users/{id}/calendar/getSchedule`, either spelling of the action.
  static func isSchedulePath(_ segments: [String]) -> Bool {
    let lower = segments.map { $0.lowercased() }
    let tail =
      lower.count == 3 && lower[0] == "me"
      ? Array(lower.dropFirst())
      : lower.count == 4 && lower[0] == "users"
        ? Array(lower.dropFirst(2)) : []
    return tail.count == 2 && tail[0] == "calendar"
      && (tail[1] == "getschedule" || tail[1] == "microsoft.graph.getschedule")
  }

  func schedule(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    let segments = Array(request.components.dropFirst())
    guard caller.canReadSchedules else { throw Self.scheduleAccessDenied }
    if segments[0].lowercased() == "users" {
      // A delegated token reads free/busy through the caller's own calendar only.
      guard let target = tenant.directory.user(idOrUPN: Self.unwrapKey(segments[1])), target.id == caller.user.id
      else { throw Self.scheduleAccessDenied }
    }
    let limits = tenant.configuration.limits
    if limits.throttles,
      let retryAfter = tenant.mailboxLimit.admit(
        app: caller.clientId, mailbox: caller.user.id, limit: limits.mailboxRequestsPerWindow, now: tenant.now)
    {
      tenant.stats.record { $0.throttled += 1 }
      var headers = HTTPFields()
      headers[.retryAfter] = String(retryAfter)
      return Self.mailboxThrottled.response(request: request, now: tenant.now, extraHeaders: headers)
    }
    let asked = try ScheduleRequest.parse(request.body)
    let zone = Self.preferredZone(request.header("Prefer"))
    let answers = asked.schedules.map { information(for: $0, asked, zone: zone, caller: caller) }
    return ok(
      .object([
        (
          "@odata.context",
          .string("\(request.base)/v1.0/$metadata#Collection(microsoft.graph.scheduleInformation)")
        ),
        ("value", .array(answers)),
      ]), request)
  }

  /// One `scheduleInformation`: a person's or a room's, or an `error` for an address the tenant
  /// cannot resolve (microsoft-graph-docs#11225) or a mailbox whose free/busy cannot be read.
  private func information(
    for address: String, _ asked: ScheduleRequest, zone: CalendarZone, caller: GraphCaller
  ) -> JSONValue {
    let seed = tenant.configuration.seed
    if let room = tenant.places.rooms.first(where: { $0.emailAddress.lowercased() == address.lowercased() }) {
      let roomZone = RoomBookings.zone(city: room.address.city)
      let items = Self.days(asked, in: roomZone).flatMap {
        RoomBookings.items(email: room.emailAddress, zone: roomZone, seed: seed, day: $0)
      }
      return Self.render(address, items: items, workingHours: nil, details: true, asked, zone: zone)
    }
    guard let user = mailbox(address), user.userType != "Guest", user.mail != nil else {
      return Self.failure(
        address, "Unable to resolve e-mail address \(address) to an Active Directory object.", code: "5009")
    }
    let profile = CalendarProfile(user: user, seed: seed)
    if profile.unreadable && user.id != caller.user.id {
      return Self.failure(
        address, "Free/busy information could not be retrieved for this mailbox.", code: "ErrorNoFreeBusyAccess")
    }
    let today = profile.zone.local(tenant.now).day
    let away = tenant.presence.notes(of: user).outOfOffice != nil
    let items = Self.days(asked, in: profile.zone).flatMap { day in
      profile.items(id: user.id, seed: seed, day: day, away: away && (today - 2...today + 4).contains(day))
    }
    return Self.render(
      address, items: items, workingHours: profile.workingHoursJSON, details: profile.sharesDetails, asked, zone: zone)
  }

  /// The person `address` names: by user principal name, else by mail.
  private func mailbox(_ address: String) -> DirectoryUser? {
    guard address.contains("@") else { return nil }
    let directory = tenant.directory
    if let user = directory.user(idOrUPN: address) { return user }
    guard directory.users.count <= 200_000 else { return nil }
    let lower = address.lowercased()
    return directory.users.first { $0.mail?.lowercased() == lower }
  }

  /// The local days of `zone` that the asked span touches (a day before, for items that run past
  /// midnight).
  private static func days(_ asked: ScheduleRequest, in zone: CalendarZone) -> ClosedRange<Int> {
    (zone.local(asked.start).day - 1)...zone.local(asked.end.addingTimeInterval(-1)).day
  }

  private static func render(
    _ address: String, items all: [CalendarItem], workingHours: JSONValue?, details: Bool, _ asked: ScheduleRequest,
    zone: CalendarZone
  ) -> JSONValue {
    let items = all.filter { $0.end > asked.start && $0.start < asked.end }
    var members: [(String, JSONValue)] = [
      ("scheduleId", .string(address)), ("availabilityView", .string(availabilityView(items, asked))),
      ("scheduleItems", .array(items.map { item($0, details: details, zone: zone) })),
    ]
    if let workingHours { members.append(("workingHours", workingHours)) }
    return .object(members)
  }

  /// Subject, location and `isPrivate` only when the calendar shares details and the entry is not
  /// private (concepts/outlook-get-free-busy-schedule, "Event data returned").
  private static func item(_ item: CalendarItem, details: Bool, zone: CalendarZone) -> JSONValue {
    var members: [(String, JSONValue)] = []
    if details && !item.isPrivate {
      members.append(("isPrivate", .bool(false)))
      members.append(("status", .string(item.status)))
      members.append(("subject", .string(item.subject)))
      members.append(("location", .string(item.location ?? "")))
    } else {
      members.append(("status", .string(item.status)))
    }
    members.append(("start", stamp(item.start, zone)))
    members.append(("end", stamp(item.end, zone)))
    return .object(members)
  }

  /// A `dateTimeTimeZone` in `zone`: `2026-03-09T13:00:00.0000000`.
  static func stamp(_ date: Date, _ zone: CalendarZone) -> JSONValue {
    let local = zone.local(date)
    let civil = CalendarDays.civil(local.day)
    let text = String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.0000000", civil.year, civil.month, civil.day, local.seconds / 3600,
      local.seconds / 60 % 60, local.seconds % 60)
    return .object([("dateTime", .string(text)), ("timeZone", .string(zone.name))])
  }

  /// One digit per slot of `interval` minutes: 0 free or working elsewhere, 1 tentative, 2 busy,
  /// 3 out of office (resources/scheduleinformation), the highest of the entries in the slot.
  static func availabilityView(_ items: [CalendarItem], _ asked: ScheduleRequest) -> String {
    let step = Double(asked.interval * 60)
    let count = Int((asked.end.timeIntervalSince(asked.start) / step).rounded(.up))
    return String(
      (0..<count).map { slot -> Character in
        let from = asked.start.addingTimeInterval(Double(slot) * step)
        let to = from.addingTimeInterval(step)
        let code = items.filter { $0.start < to && $0.end > from }.map { Self.code($0.status) }.max() ?? 0
        return Character(String(code))
      })
  }

  private static func code(_ status: String) -> Int {
    switch status {
    case "tentative": 1
    case "busy": 2
    case "oof": 3
    default: 0
    }
  }

  private static func failure(_ address: String, _ message: String, code: String) -> JSONValue {
    .object([
      ("scheduleId", .string(address)),
      ("error", .object([("message", .string(message)), ("responseCode", .string(code))])),
    ])
  }

  /// `Prefer: outlook.timezone="…"`, when it names a zone the sandbox knows; UTC otherwise.
  static func preferredZone(_ prefer: String?) -> CalendarZone {
    let utc = CalendarZone(name: "UTC", rules: .iana("UTC"))
    guard let prefer else { return utc }
    for part in prefer.split(separator: ",") {
      let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard pair.count == 2, pair[0].lowercased() == "outlook.timezone" else { continue }
      let name = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      return CalendarZone.named(name) ?? utc
    }
    return utc
  }

  /// Outlook's 429: `ApplicationThrottled`, the code Outlook sends over its per-mailbox limits
  /// (magodo/terraform-provider-outlook#21 quotes it for the concurrency limit); the text for the
  /// request-count limit is the sandbox's own (not verified).
  static let mailboxThrottled = GraphError(
    status: 429, code: "ApplicationThrottled", message: "Application is over its request limit for this mailbox.")

  /// Outlook's refusal without a calendar permission.
  static let scheduleAccessDenied = GraphError(
    status: 403, code: "ErrorAccessDenied", message: "Access is denied. Check credentials and try again.")
}
