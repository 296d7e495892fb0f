import Foundation

extension FreeSlotsReport {
  /// The Teams link that opens the meeting dialog for `slot` with everyone asked (people and
  /// rooms, not the asker, who organises it) as attendees and the time filled in (`DeepLink.teamsMeeting`); the times carry the
  /// asker's offset, so the dialog shows them as they were listed.
  public func meetingLink(for slot: Range<Date>) -> String? {
    let zone = request.yours.ianaIdentifier.flatMap(TimeZone.init(identifier:)) ?? .current
    let request = MeetingRequest(
      // The asker organises the meeting Teams opens: they are no attendee of it.
      attendees: attendees.filter { !$0.isAsker }.map(\.schedule.address.string), start: slot.lowerBound,
      end: slot.upperBound,
      timeZone: zone)
    return DeepLink.teamsMeeting(request)?.url
  }
}
