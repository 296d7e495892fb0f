import Foundation

/// `roster free`'s answer, said two ways: a table with a column per clock (yours, then each
/// person's), or JSON for scripts. Pure, so the pane can show the same words.
public struct FreeSlotsReport: Sendable, Equatable {
  public var request: FreeSlotRequest
  public var attendees: [Attendee]
  public var result: FreeSlots

  public init(request: FreeSlotRequest, attendees: [Attendee]) {
    self.request = request
    self.attendees = attendees
    result = FreeSlots.find(request, attendees: attendees)
  }

  /// "Mon 2026-03-16".
  public var dayText: String { request.day.weekday.short + " " + request.day.description }

  /// "at least 30 min", "at least 1 h 30 min".
  public var minimumText: String {
    let minutes = Int(request.minimum / 60)
    let parts = [minutes / 60 > 0 ? "\(minutes / 60) h" : nil, minutes % 60 > 0 ? "\(minutes % 60) min" : nil]
    return "at least " + parts.compactMap { $0 }.joined(separator: " ")
  }

  /// The people whose clocks get a column: those read whose zone is known, once each, in the
  /// order given (rooms keep yours). A zone Roster cannot read would make a column of "?" (issue
  /// 40); the notes say whose zone it is instead.
  private var clocks: [(title: String, zone: ResolvedZone)] {
    let now = result.window.lowerBound
    let yours = "You (" + (ZoneText.place(request.yours, at: now) ?? request.yours.source.string) + ")"
    var columns = [(title: yours, zone: request.yours)]
    for attendee in attendees where attendee.kind == .person && attendee.schedule.error == nil {
      guard let zone = attendee.schedule.zone, let offset = zone.secondsFromGMT(at: now) else { continue }
      if attendee.isAsker, offset == request.yours.secondsFromGMT(at: now) { continue }
      let place = ZoneText.place(zone, at: now) ?? zone.source.string
      let title = "\(attendee.name) (\(place))"
      if !columns.contains(where: { $0.title == title }) { columns.append((title, zone)) }
    }
    return columns
  }

  /// The table, or nil when there is no slot (the caller says so in its own way).
  public func table() -> String? {
    guard !result.slots.isEmpty else { return nil }
    let columns = clocks
    let rows = result.slots.map { slot in columns.map { FreeSlots.clock(slot, in: $0.zone, day: request.day) } }
    let widths = columns.indices.map { index in
      ([columns[index].title] + rows.map { $0[index] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "   ")
        .trimmingCharacters(in: .whitespaces)
    }
    return ([line(columns.map(\.title))] + rows.map(line)).joined(separator: "\n") + "\n"
  }

  /// "No common free time of at least 30 min on Mon 2026-03-16."
  public var noneText: String { "No common free time of \(minimumText) on \(dayText)." }

  /// The JSON shape: instants in UTC, clocks as text, notes with a stable `kind`.
  public struct JSONShape: Encodable, Sendable, Equatable {
    public struct Person: Encodable, Sendable, Equatable {
      public var name: String
      public var address: String
      public var kind: String
      public var timeZone: String?
      public var timeZoneKnown: Bool
    }

    public struct Slot: Encodable, Sendable, Equatable {
      public init(
        start: String, end: String, minutes: Int, yours: String, theirs: [String: String], teamsMeeting: String? = nil
      ) {
        self.start = start
        self.end = end
        self.minutes = minutes
        self.yours = yours
        self.theirs = theirs
        self.teamsMeeting = teamsMeeting
      }

      public var start: String
      public var end: String
      public var minutes: Int
      public var yours: String
      /// Address → "08:00–09:00" on that person's clock.
      public var theirs: [String: String]
      /// The link that opens Teams' meeting dialog for this slot, everyone invited.
      public var teamsMeeting: String?
    }

    public struct Note: Encodable, Sendable, Equatable {
      public var kind: String
      public var text: String
    }

    public var day: String
    public var timeZone: String
    public var minimumMinutes: Int
    public var attendees: [Person]
    public var slots: [Slot]
    public var notes: [Note]
  }

  public var jsonShape: JSONShape {
    let stamp = ISO8601DateFormatter()
    let people = attendees.filter { $0.kind == .person && $0.schedule.error == nil }
    return JSONShape(
      day: request.day.description, timeZone: request.yours.source.string, minimumMinutes: Int(request.minimum / 60),
      attendees: attendees.map { attendee in
        let zone = attendee.schedule.zone
        return JSONShape.Person(
          name: attendee.name.string, address: attendee.schedule.address.string,
          kind: attendee.kind == .room ? "room" : "person", timeZone: zone?.ianaIdentifier ?? zone?.source.string,
          timeZoneKnown: zone?.isKnown ?? false)
      },
      slots: result.slots.map { slot in
        JSONShape.Slot(
          start: stamp.string(from: slot.lowerBound), end: stamp.string(from: slot.upperBound),
          minutes: Int(slot.upperBound.timeIntervalSince(slot.lowerBound) / 60),
          yours: FreeSlots.clock(slot, in: request.yours, day: request.day),
          theirs: Dictionary(
            people.map { person in
              (
                person.schedule.address.string,
                FreeSlots.clock(
                  slot, in: person.schedule.zone ?? ResolvedZone(rules: .unknown, source: "none"), day: request.day)
              )
            }, uniquingKeysWith: { first, _ in first }), teamsMeeting: meetingLink(for: slot))
      },
      notes: result.notes.map { JSONShape.Note(kind: $0.kind, text: $0.text) })
  }
}
