import Foundation
import SandboxDirectory

/// Out of office and status notes for the sandbox's people, as v1.0 `presence` carries them
/// (`outOfOfficeSettings`, `statusMessage`; PROTOCOL.md, "Presence"). Drawn from the person's id
/// alone, not the time slot: an absence lasts days, not two minutes. About one in twenty is out
/// of office, one in six has a note; the hostile texts come first so tests and the demo meet them.
extension PresenceBoard {
  /// What a person said: their automatic reply and their Teams note.
  struct Notes: Sendable, Equatable {
    var outOfOffice: String?
    var status: String?
    /// When the note stops showing, hours from now; nil for a note that does not expire.
    var statusHours: Int?
  }

  /// Automatic replies, HTML as Outlook writes them; hostile ones first.
  static let replies = [
    "<p>Out until Monday. Alerts \u{1B}[31mRED\u{1B}[0m go to the on-call.</p>",
    "On leave \u{202E}siht daer\u{202C} until 3 December &amp; offline.",
    String(repeating: "Very long away message. ", count: 90),
    "",
    "<div>I'm at the customer site this week &ndash; replies may be slow.<br>Urgent: call the desk.</div>",
    "Parental leave until spring. Ask Aoife O'Connor.",
  ]

  /// Teams status notes; hostile ones first.
  static let statuses = [
    "Heads down \u{1B}]52;c;aGk=\u{07} until 3",
    String(repeating: "📦 moving desks ", count: 130),
    "Back at 15:00",
    "Working from Tokyo this week 🗾",
    "On call for payments",
  ]

  /// The notes of `user` (`pinned` overrides come from the control API's presence pin).
  func notes(of user: DirectoryUser) -> Notes {
    guard user.accountEnabled, user.userType != "Guest" else { return Notes() }
    let roll = Self.stableHash(user.id)
    var notes = Notes()
    if roll % 20 == 0 { notes.outOfOffice = Self.replies[Int((roll / 20) % UInt64(Self.replies.count))] }
    if roll % 6 == 1 {
      let index = Int((roll / 6) % UInt64(Self.statuses.count))
      notes.status = Self.statuses[index]
      notes.statusHours = index % 2 == 0 ? 4 : nil
    }
    return notes
  }

  /// The presence JSON's note members, in Graph's shape.
  static func members(of notes: Notes, now: Date) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [
      (
        "outOfOfficeSettings",
        .object([
          ("isOutOfOffice", .bool(notes.outOfOffice != nil)),
          ("message", notes.outOfOffice.map { .string($0) } ?? .null),
        ])
      )
    ]
    guard let status = notes.status else {
      members.append(("statusMessage", .null))
      return members
    }
    let expiry: JSONValue =
      notes.statusHours.map { hours in
        .object([
          ("dateTime", .string(Self.graphDate(now.addingTimeInterval(Double(hours) * 3600)))),
          ("timeZone", .string("UTC")),
        ])
      } ?? .null
    members.append(
      (
        "statusMessage",
        .object([
          ("message", .object([("content", .string(status)), ("contentType", .string("text"))])),
          ("expiryDateTime", expiry),
          ("publishedDateTime", .string(Self.graphDate(now) + "Z")),
        ])
      ))
    return members
  }

  /// `2026-11-27T15:00:00.0000000`, as Graph writes a `dateTimeTimeZone`'s time.
  static func graphDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'.0000000'"
    return formatter.string(from: date)
  }
}
