import Foundation
import Graph
import RosterCore

/// What `roster show` adds about reaching a person (issue 31): presence with out of office and
/// the Teams note, their local time and zone, working hours in theirs and yours, and today's
/// state — the pane's lines, as text and JSON. Best effort: a part the sign-in may not read says
/// which permission it needs; nothing here fails the command.
struct PersonReach: Encodable {
  var presence: String?
  var outOfOffice: Bool?
  var outOfOfficeMessage: String?
  var statusMessage: String?
  /// ISO 8601, UTC.
  var statusMessageExpires: String?
  var localTime: String?
  var timeZone: String?
  var workingHours: String?
  /// When the hours were read, ISO 8601 (UTC), when they come from the local index (`--offline`).
  var workingHoursAsOf: String?
  var today: String?
  /// The zone as facts beside `localTime`'s words: id, UTC offset, the local time as ISO 8601.
  var zone: ZoneFacts?
  /// Today's working hours as ISO 8601 instants beside `workingHours`' words.
  var workingHoursToday: Interval?
  /// Why a part is missing ("Local time … need Calendars.ReadBasic").
  var notes: [String] = []

  /// Reads presence and today's schedule for `person`, each when the sign-in may.
  static func read(
    for person: Person, account: Account, directory: DirectoryClient, schedules: ScheduleClient, now: Date = Date()
  ) async -> PersonReach {
    var reach = PersonReach()
    if account.canReadPresence, let presence = try? await directory.presences([person.id])[person.id] {
      reach.presence = presence.availability.word + (presence.activityWords.map { " · " + $0 } ?? "")
      reach.outOfOffice = presence.isOutOfOffice
      reach.outOfOfficeMessage = presence.isOutOfOffice ? presence.outOfOffice?.message?.string : nil
      let note = presence.statusNote(at: now)
      reach.statusMessage = note?.text.string
      reach.statusMessageExpires = note?.expires.map { ISO8601DateFormatter().string(from: $0) }
    } else if !account.canReadPresence {
      reach.notes.append("Presence needs Presence.Read.All.")
    }
    guard account.canReadSchedules else {
      reach.notes.append("Local time, working hours and free/busy need \(ScheduleClient.permission).")
      return reach
    }
    guard let address = person.scheduleAddress else { return reach }
    do {
      guard let schedule = try await schedules.schedules([address], TodayState.window(around: now), { _ in }).first
      else { return reach }
      if let error = schedule.error {
        reach.notes.append("Schedule not readable: \(error.message)")
        return reach
      }
      let yours = ResolvedZone.system(.current)
      if let theirs = schedule.zone {
        reach.localTime = ZoneText.localTime(at: now, theirs: theirs, yours: yours)
        reach.timeZone = schedule.workingHours?.timeZone?.name.string
        reach.zone = zoneFacts(theirs, at: now)
        reach.workingHoursToday = workingDay(schedule.workingHours, zone: theirs, at: now)
      }
      reach.workingHours = ZoneText.workingHours(schedule.workingHours, at: now, yours: yours)
      let clock = schedule.zone.flatMap { $0.secondsFromGMT(at: now) == nil ? nil : $0 } ?? yours
      reach.today = TodayState.at(now, schedule: schedule).text(in: clock)
    } catch let error as DirectoryError {
      reach.notes.append(DirectoryCommand.describe(error))
    } catch {
      reach.notes.append("Schedule not readable: \(error)")
    }
    return reach
  }

  /// What the local index kept of the person's zone and working hours (`roster show --offline`),
  /// the pane's offline lines: their local time now and the hours with their age. Presence and
  /// today's state need Microsoft Graph, and say so.
  static func kept(_ stored: StoredWorkingHours?, now: Date = Date()) -> PersonReach {
    var reach = PersonReach()
    reach.notes.append("Presence and today's state need Microsoft Graph.")
    guard let stored else { return reach }
    let yours = ResolvedZone.system(.current)
    if let zone = stored.hours.timeZone {
      let theirs = ZoneResolver.resolve(zone)
      reach.localTime = ZoneText.localTime(at: now, theirs: theirs, yours: yours)
      reach.timeZone = zone.name.string
      reach.zone = zoneFacts(theirs, at: now)
      reach.workingHoursToday = workingDay(stored.hours, zone: theirs, at: now)
    }
    let age = IndexState.age(now.timeIntervalSince(stored.readAt))
    reach.workingHours = ZoneText.workingHours(stored.hours, at: now, yours: yours) + ", as of " + age
    reach.workingHoursAsOf = ISO8601DateFormatter().string(from: stored.readAt)
    return reach
  }

  /// The lines `roster show` prints below the person's fields.
  var lines: [String] {
    var lines: [String] = []
    func add(_ label: String, _ value: String?) { if let value, !value.isEmpty { lines.append("\(label): \(value)") } }
    add("Presence", presence)
    if outOfOffice == true { add("Out of office", outOfOfficeMessage?.isEmpty == false ? outOfOfficeMessage : "yes") }
    add("Status", statusMessage)
    add("Local time", localTime)
    add("Working hours", workingHours)
    add("Today", today)
    return lines + notes.map { "(\($0))" }
  }
}
