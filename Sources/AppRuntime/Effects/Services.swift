import RosterCore

/// The clients the runtime talks to; replaced as a whole when setup saves new settings.
public struct Services: Sendable {
  /// Sign-in and tokens (`AuthClient.live` from Identity).
  public var auth: AuthClient
  /// People search and detail (`DirectoryClient.live` from Graph).
  public var directory: DirectoryClient
  /// Groups over Graph (`GroupClient.live` from Graph); the index's offline answers are
  /// `index.groups` and `index.searchGroups`.
  public var groups: GroupClient
  /// Rooms from Graph's places API; offline reads go to `index.rooms`.
  public var rooms: RoomClient
  /// Free/busy, working hours and zones through getSchedule (issue 31).
  public var schedules: ScheduleClient
  /// Account health and sign-in logs for those who may (issue 33).
  public var health: HealthClient
  /// Whom the person works with (`/me/people`, issue 32); kept by `index.yourPeople`.
  public var worksWith: WorksWithClient
  /// The local directory index (`Index` target), `.disabled` when the setting is off.
  public var index: LocalIndexClient
  /// The B2C task API (`TaskClient.live` from Tasks); unavailable without `taskAPI`.
  public var tasks: TaskClient
  /// Each `SearchedKind`'s Graph client (devices, apps), by kind; a kind without one answers
  /// that it is not available in this session.
  public var kinds: [ObjectKind: KindClient] = [:]
  /// The pane's fixes (issue 45): look-ups, consent, the write and its audit line.
  public var fixes: FixClient = .unavailable("Fixes are not available in this session.")

  public init(
    auth: AuthClient, directory: DirectoryClient, index: LocalIndexClient = .disabled,
    tasks: TaskClient = .unavailable("No task API is configured (taskAPI setting)."),
    groups: GroupClient = .unavailable(.offline("Groups are not available in this session.")),
    rooms: RoomClient = .unavailable(.offline("Rooms are not available in this session.")),
    schedules: ScheduleClient = .unavailable(.offline("Schedules are not available in this session.")),
    health: HealthClient = .unavailable(.offline("Account health is not available in this session.")),
    worksWith: WorksWithClient = .unavailable(.offline("Your people are not available in this session."))
  ) {
    self.health = health
    self.worksWith = worksWith
    self.rooms = rooms
    self.schedules = schedules
    self.groups = groups
    self.auth = auth
    self.directory = directory
    self.index = index
    self.tasks = tasks
  }
}
