import Foundation

/// One person's (or room's) answer from getSchedule (`scheduleInformation`), decoded and cleaned.
public struct PersonSchedule: Sendable, Equatable {
  /// The address asked about (`scheduleId`).
  public var address: CleanText
  public var items: [ScheduleItem]
  /// nil when Graph sent none; `isEmpty` when the person set no working days.
  public var workingHours: WorkingHours?
  /// Set when Graph could not read this schedule (`freeBusyError`); the rest is then empty.
  public var error: FreeBusyError?

  public init(
    address: CleanText, items: [ScheduleItem] = [], workingHours: WorkingHours? = nil, error: FreeBusyError? = nil
  ) {
    self.address = address
    self.items = items
    self.workingHours = workingHours
    self.error = error
  }

  /// The zone the working hours are stated in, resolved; nil when there are no working hours or
  /// they name no zone.
  public var zone: ResolvedZone? { workingHours?.timeZone.map(ZoneResolver.resolve) }
}

/// One calendar entry as free/busy shows it (`scheduleItem`); subject and location only when the
/// caller may see them.
public struct ScheduleItem: Sendable, Equatable {
  public var status: FreeBusyStatus
  public var start: Date
  public var end: Date
  public var subject: CleanText?
  public var location: CleanText?
  public var isPrivate: Bool?

  public init(
    status: FreeBusyStatus, start: Date, end: Date, subject: CleanText? = nil, location: CleanText? = nil,
    isPrivate: Bool? = nil
  ) {
    self.status = status
    self.start = start
    self.end = end
    self.subject = subject
    self.location = location
    self.isPrivate = isPrivate
  }

  public var interval: Range<Date> { start..<max(start, end) }
}

/// `freeBusyStatus`. Anything Graph adds later reads as `unknown`.
public enum FreeBusyStatus: String, Sendable, Equatable, CaseIterable {
  case free, tentative, busy, oof, workingElsewhere, unknown

  /// Case-blind: Graph's own concept page writes `"Tentative"` where the API sends `tentative`.
  public init(graph: String) {
    self = Self.allCases.first { $0.rawValue.lowercased() == graph.lowercased() } ?? .unknown
  }

  /// Whether the time cannot be offered for a meeting. Tentative counts: the person has already
  /// half-promised it. Unknown counts too: offering time nobody can vouch for is the worse mistake.
  public var blocksMeetings: Bool {
    switch self {
    case .free, .workingElsewhere: return false
    case .tentative, .busy, .oof, .unknown: return true
    }
  }
}

/// Why one schedule could not be read (`freeBusyError`), e.g. a mailbox in another organisation.
public struct FreeBusyError: Sendable, Equatable {
  public var message: CleanText
  public var responseCode: CleanText?

  public init(message: CleanText, responseCode: CleanText? = nil) {
    self.message = message
    self.responseCode = responseCode
  }
}
