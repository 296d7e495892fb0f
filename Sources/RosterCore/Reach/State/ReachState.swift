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
  /// Working hours the local index kept from earlier answers, read while Graph cannot be reached:
  /// the pane shows them (with the zone's local time) marked with their age.
  public var stored: [String: StoredWorkingHours] = [:]
  /// People whose kept hours were asked of the index since Graph last answered a schedule (once
  /// each: an offline pane asks the index, never the same person twice).
  public var lookedUp: Set<String> = []
  /// When the last schedule read failed (offline, throttled past its retries): Graph is asked
  /// again no sooner than `retryAfterFailure` later, and meanwhile the index answers.
  public var failedAt: Date?
  /// Ids in `byPerson` that are rooms (issue 40: the room pane says whether it is free now), whose
  /// hours the index does not keep.
  public var rooms: Set<String> = []

  public init() {}

  /// How long a schedule counts as today's: a busy time added meanwhile shows within this.
  public static let freshFor: TimeInterval = 300

  /// How long after a failed read the pane waits before asking Graph again (`ReachAction.retryDue`);
  /// meanwhile the index answers.
  public static let retryAfterFailure: TimeInterval = 30
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
  /// The working hours the local index keeps for people asked while Graph could not be reached.
  case loadedFromIndex([String: StoredWorkingHours])
  /// `ReachState.retryAfterFailure` has passed since Graph failed to give a schedule, or
  /// `freshFor` since it gave one: ask again for whoever the pane rests on.
  case retryDue
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

  /// Whether the pane's schedules come from the index's kept hours: the last sync found Graph
  /// unreachable, or a schedule read failed a moment ago.
  public var reachFromIndex: Bool {
    if directorySource == .index { return true }
    return reach.failedAt.map { now.timeIntervalSince($0) < ReachState.retryAfterFailure } ?? false
  }

  /// Why the pane shows no local time and day, in one line; nil when it does.
  public var reachAbsence: String? {
    guard account != nil else { return nil }
    if let refusal = reach.refusal { return refusal.string }
    guard !(account?.canReadSchedules ?? false) else { return nil }
    return "Local time, working hours and free/busy need \(ScheduleClient.permission) (add it to scopes)."
  }
}
