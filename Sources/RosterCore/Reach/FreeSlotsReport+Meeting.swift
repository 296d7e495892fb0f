import Foundation

extension FreeSlotsReport {
  /// The Teams link that opens the meeting dialog for `slot` with everyone asked (people and
  /// rooms) as attendees and the time filled in (`DeepLink.teamsMeeting`); the times carry the
  /// asker's offset, so the dialog shows them as they were listed.
  public func meetingLink(for slot: Range<Date>) -> String? {
    let zone = request.yours.ianaIdentifier.flatMap(TimeZone.init(identifier:)) ?? .current
    let request = MeetingRequest(
      attendees: attendees.map(\.schedule.address.string), start: slot.lowerBound, end: slot.upperBound,
      timeZone: zone)
    return DeepLink.teamsMeeting(request)?.url
  }
}
