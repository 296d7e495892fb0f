import Foundation

/// What Teams' "new meeting" dialog is opened with: `roster free` offers one for a slot it
/// found, attendees and time filled in; the person who opens it still sends the invitation.
public struct MeetingRequest: Sendable, Hashable {
  /// User principal names or mail addresses (Teams takes either, like a chat's `users`).
  public var attendees: [String]
  public var start: Date
  public var end: Date
  public var subject: String?
  /// The meeting's details text.
  public var content: String?
  /// The UTC offset written into the times (Teams needs one): the local zone by default, so
  /// the times read as the person who opens the link sees them.
  public var timeZone: TimeZone

  public init(
    attendees: [String], start: Date, end: Date, subject: String? = nil, content: String? = nil,
    timeZone: TimeZone = .current
  ) {
    self.attendees = attendees
    self.start = start
    self.end = end
    self.subject = subject
    self.content = content
    self.timeZone = timeZone
  }
}

extension DeepLink {
  /// Teams' documented "open a meeting scheduling dialog" link ("Deep link to a workflow in
  /// Teams"): `https://teams.microsoft.com/l/meeting/new?subject=…&startTime=…&endTime=…&content=…&attendees=<upn>,…`,
  /// times in ISO 8601 with their UTC offset (`2018-03-12T23:55:25+02:00`; the page says the
  /// offset is required). Nil when the meeting does not end after it starts.
  public static func teamsMeeting(_ request: MeetingRequest) -> DeepLink? {
    guard request.end > request.start else { return nil }
    var fields: [String] = []
    if let subject = nonEmpty(request.subject) { fields.append("subject=" + LinkEncoding.queryValue(subject)) }
    fields.append("startTime=" + LinkEncoding.queryValue(isoTime(request.start, in: request.timeZone)))
    fields.append("endTime=" + LinkEncoding.queryValue(isoTime(request.end, in: request.timeZone)))
    if let content = nonEmpty(request.content) { fields.append("content=" + LinkEncoding.queryValue(content)) }
    if let attendees = userList(request.attendees) { fields.append("attendees=" + attendees) }
    return DeepLink(.meeting, "https://teams.microsoft.com/l/meeting/new?" + fields.joined(separator: "&"))
  }

  /// `2018-03-12T23:55:25+02:00`: always a numeric offset (never `Z`), seconds dropped below
  /// the minute of the offset (no real zone has them).
  static func isoTime(_ date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    let offset = zone.secondsFromGMT(for: date) / 60
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    let sign = offset < 0 ? "-" : "+"
    return String(format: "%04d", parts.year ?? 0) + "-\(two(parts.month))-\(two(parts.day))"
      + "T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
      + "\(sign)\(two(abs(offset) / 60)):\(two(abs(offset) % 60))"
  }
}
