import ArgumentParser
import Foundation
import Graph
import RosterCore

/// `roster free PERSON… [--day DATE] [--duration 30m] [--room NAME] [--json]`: the times everyone
/// named (and a room) is free on one day, within each person's working hours, on your clock and
/// theirs. One getSchedule call reads up to 20 schedules (`ScheduleClient`).
struct FreeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "free",
    abstract: "Find times when everyone named (and a room) is free, within their working hours.",
    discussion: """
      Each person is found as `roster show` finds them, or by a name that names one person (several \
      are listed to choose from); your own calendar counts too unless --without-me; a room is found \
      as `roster rooms show` finds it. --days N shows the first of N days with common time. Times \
      are shown on your clock (the TZ environment variable, else the system's) and each person's. \
      Tentative and unknown time counts as busy. Someone whose schedule cannot be read is left out \
      and named on stderr, as is someone with no working hours. Needs Calendars.ReadBasic (and \
      Place.Read.All with --room). Exit codes: 0 done (with or without free time), 1 no such \
      person or room, 2 usage, 3 not signed in, 4 service or network error, or a missing permission.
      """)

  @Argument(
    help: "People: a name that names one person, or an object id, user name, mail, alias or employee id.",
    completion: .custom(PeopleCompletion.names))
  var people: [String]

  @Option(help: ArgumentHelp("The day, on your clock: YYYY-MM-DD, today or tomorrow.", valueName: "date"))
  var day = "today"

  @Option(help: ArgumentHelp("The shortest slot worth listing: 30m, 1h, 1h30m.", valueName: "length"))
  var duration = "30m"

  @Option(help: ArgumentHelp("A meeting room that must be free too: its mailbox, id or name.", valueName: "name"))
  var room: String?

  @Option(
    help: ArgumentHelp(
      "Look this many days from --day on and show the first with common free time (1–14).", valueName: "n"))
  var days = 1

  @Flag(help: "Leave your own calendar out (it is read too, by default: you will be at the meeting).")
  var withoutMe = false

  @Flag(help: "Print JSON: the slots in UTC and on every clock, and notes.") var json = false

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if people.isEmpty { throw ValidationError("Name at least one person.") }
    // Names are welcome here (issue 40): only an empty word or a control character is refused.
    if people.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
      throw ValidationError("A person's name, user name or id is empty.")
    }
    if people.contains(where: { $0.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) } }) {
      throw ValidationError("A person's name holds a control character.")
    }
    if !(1...14).contains(days) { throw ValidationError("--days takes 1 to 14.") }
    if Self.seconds(duration) == nil {
      throw ValidationError("--duration takes a length from 5m to 24h, such as 30m, 1h or 1h30m.")
    }
    if Self.civilDay(day, now: Date(), zone: .current) == nil {
      throw ValidationError("--day takes a date as YYYY-MM-DD, today or tomorrow.")
    }
    if let room, room.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--room needs a name.") }
  }

  func run() async throws {
    let now = Date()
    let zone = TimeZone.current
    guard let civil = Self.civilDay(day, now: now, zone: zone), let minimum = Self.seconds(duration) else { return }
    // One request a day, from --day on: the first with common time is the answer.
    let requests = (0..<days).map { offset in
      var request = FreeSlotRequest(day: civil.adding(days: offset), yours: .system(zone), minimum: minimum)
      if request.window.contains(now) { request.notBefore = Self.roundedUp(now) }
      return request
    }
    let runtime = try await common.makeRuntime(demo: demo)
    let graph = try await runtime.signedInGraph()
    let configuration = graph.configuration
    let directory = DirectoryClient.live(
      configuration: configuration, tokens: runtime.session, transport: runtime.transport)
    let schedules = ScheduleClient.live(
      configuration: configuration, tokens: runtime.session, transport: runtime.transport)
    let rooms = RoomClient.live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)
    do {
      var named: [(name: CleanText, address: String, kind: Attendee.Kind, isAsker: Bool)] = []
      func add(_ entry: (name: CleanText, address: String, kind: Attendee.Kind), asker: Bool = false) {
        // Named twice (or yourself by name): one column, one schedule.
        if let at = named.firstIndex(where: { $0.address.lowercased() == entry.address.lowercased() }) {
          named[at].isAsker = named[at].isAsker || asker
        } else {
          named.append((entry.name, entry.address, entry.kind, asker))
        }
      }
      if !withoutMe { add(try await Self.person(graph.account.username.string, directory), asker: true) }
      for key in people { add(try await Self.person(key, directory)) }
      if let room {
        let found = try RoomCommandRunner.find(room, in: try await rooms.allRooms(DirectoryCommand.reportRetry).rooms)
        guard let mail = found.emailAddress?.nonEmpty else {
          throw CommandStop(
            exitCode: 1, message: "roster: The room has no mailbox, so its bookings cannot be read.",
            summary: "The room has no mailbox.")
        }
        add((found.displayName?.nonEmpty ?? mail, mail.string, .room))
      }
      let first = requests[0].window.lowerBound
      let last = requests[requests.count - 1].window.upperBound
      let read = try await schedules.schedules(
        named.map(\.address), DateInterval(start: first, end: last), DirectoryCommand.reportRetry)
      let attendees = zip(named, read).map {
        Attendee(name: $0.name, kind: $0.kind, schedule: $1, isAsker: $0.isAsker)
      }
      let reports = requests.map { FreeSlotsReport(request: $0, attendees: attendees) }
      let answer = reports.first { !$0.result.slots.isEmpty } ?? reports[reports.count - 1]
      if days > 1, answer.result.slots.isEmpty, !json {
        DirectoryCommand.say(
          "No common free time of \(answer.minimumText) in the \(days) days from \(reports[0].dayText).")
        for note in answer.result.notes { DirectoryCommand.say(note.text) }
        return
      }
      try write(answer)
    } catch let error as DirectoryError {
      DirectoryCommand.say(DirectoryCommand.describe(error))
      throw ExitCode(DirectoryCommand.exitCode(for: error))
    }
  }

  private func write(_ report: FreeSlotsReport) throws {
    if json { return try DirectoryCommand.write(PeopleOutput.json(report.jsonShape)) }
    let header = "Free on \(report.dayText), \(report.minimumText):\n"
    if let table = report.table() {
      let first = report.result.slots.first.flatMap(report.meetingLink(for:)).map {
        "\nTeams meeting, first slot: \($0)\n"
      }
      try DirectoryCommand.write(header + table + (first ?? ""))
    } else {
      DirectoryCommand.say(report.noneText)
    }
    for note in report.result.notes { DirectoryCommand.say(note.text) }
  }

  /// The person `key` names, by their mail (else user name): what getSchedule takes.
  private static func person(_ key: String, _ directory: DirectoryClient) async throws
    -> (name: CleanText, address: String, kind: Attendee.Kind)
  {
    let person = try await PersonLookup.find(key, in: directory, reading: .identifiersAndNames).detail.person
    guard let address = (person.mail ?? person.userPrincipalName)?.nonEmpty else {
      let line = "\(PeopleOutput.displayName(person)) has no mail address, so no calendar to read."
      throw CommandStop(exitCode: 1, message: "roster: " + line, summary: line)
    }
    return (person.displayName?.nonEmpty ?? address, address.string, .person)
  }

  /// "30m", "1h", "1h30m", "90" (minutes) as seconds; nil outside 5 minutes…24 hours.
  static func seconds(_ text: String) -> TimeInterval? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let minutes: Int?
    if let plain = Int(trimmed) {
      minutes = plain
    } else if let match = trimmed.wholeMatch(of: /(?:(\d+)h)?(?:(\d+)m(?:in)?)?/),
      match.output.1 != nil || match.output.2 != nil
    {
      minutes = (match.output.1.flatMap { Int($0) } ?? 0) * 60 + (match.output.2.flatMap { Int($0) } ?? 0)
    } else {
      minutes = nil
    }
    guard let minutes, (5...1440).contains(minutes) else { return nil }
    return TimeInterval(minutes * 60)
  }

  /// The day `text` names on `zone`'s clock.
  static func civilDay(_ text: String, now: Date, zone: TimeZone) -> CivilDay? {
    let today = LocalDateTime(now, offset: zone.secondsFromGMT(for: now)).day
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    default: return CivilDay(iso: text.trimmingCharacters(in: .whitespaces))
    }
  }

  /// Now, up to the next five minutes: a slot "from 10:03" helps nobody.
  static func roundedUp(_ date: Date) -> Date {
    Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 300).rounded(.up) * 300)
  }
}
