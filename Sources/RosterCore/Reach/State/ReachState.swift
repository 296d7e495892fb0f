import Foundation

/// Whether and when the pane's person can answer (issue 31): their schedule for today from
/// getSchedule — working hours, zone and busy times — asked once the pane rests on them, kept a
/// few minutes so walking back and forth asks nothing.
public struct ReachState: Equatable, Sendable {
  /// Schedules by person id, with when each was read.
  public var byPerson: [String: ReachEntry] = [:]
  /// Set when Graph refused getSchedule (403) or the mailbox has no calendar: the pane says why,
  /// and nothing is asked again this session.
  public var refusal: CleanText?
  /// The read in flight, if any (a newer pane person drops an older answer).
  public var requestID = 0
  /// The person the read in flight is for.
  public var pendingPersonID: String?

  public init() {}

  /// How long a schedule counts as today's: a busy time added meanwhile shows within this.
  public static let freshFor: TimeInterval = 300
}

/// One person's schedule as read at `readAt`.
public struct ReachEntry: Equatable, Sendable {
  public var schedule: PersonSchedule
  public var readAt: Date

  public init(schedule: PersonSchedule, readAt: Date) {
    self.schedule = schedule
    self.readAt = readAt
  }
}

/// The schedule's events.
public enum ReachAction: Equatable, Sendable {
  /// The schedules of read `id` arrived (one per person asked), or why not.
  case loaded(id: Int, personIDs: [String], Result<[PersonSchedule], DirectoryError>)
}

extension Account {
  /// Whether the token may read free/busy (`Calendars.ReadBasic`, or any broader calendar read).
  public var canReadSchedules: Bool {
    holds(anyOf: "calendars.readbasic", "calendars.read", "calendars.readwrite", "calendars.read.shared")
  }
}

extension AppState {
  /// Whether the pane asks for schedules: signed in with the permission, and not refused.
  public var asksSchedules: Bool { (account?.canReadSchedules ?? false) && reach.refusal == nil }

  /// Why the pane shows no local time and day, in one line; nil when it does.
  public var reachAbsence: String? {
    guard account != nil else { return nil }
    if let refusal = reach.refusal { return refusal.string }
    guard !(account?.canReadSchedules ?? false) else { return nil }
    return "Local time, working hours and free/busy need \(ScheduleClient.permission) (add it to scopes)."
  }
}
