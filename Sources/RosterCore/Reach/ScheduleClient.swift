import Foundation

/// Free/busy, working hours and their zone for several people or rooms at once: Graph's
/// `POST /me/calendar/getSchedule`. `ScheduleClient.live` (Graph target), fakes in tests.
///
/// The live client splits the addresses into calls of at most `maxAddressesPerCall` and keeps at
/// most `maxConcurrentCalls` in flight (Outlook allows 4 concurrent requests per mailbox, and every
/// call is charged to the caller's). Every call throws `DirectoryError` only; without
/// `Calendars.ReadBasic` that is `.permissionDenied(ScheduleClient.permissionExplanation)`.
public struct ScheduleClient: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void

  /// One schedule per address, in the order asked (an address Graph left out carries an error).
  /// Times are instants; `window` is the span to read.
  public var schedules:
    @Sendable (_ addresses: [String], _ window: DateInterval, _ onRetry: @escaping OnRetry) async throws ->
      [PersonSchedule]

  public init(
    schedules: @escaping @Sendable ([String], DateInterval, @escaping OnRetry) async throws -> [PersonSchedule]
  ) {
    self.schedules = schedules
  }

  /// Every call fails with `error` (no client id yet, tests).
  public static func unavailable(_ error: DirectoryError) -> ScheduleClient {
    ScheduleClient(schedules: { _, _, _ in throw error })
  }

  /// The least permission getSchedule takes, as Entra names it (user consent is enough).
  public static let permission = "Calendars.ReadBasic"

  /// What the pane, the status line and the CLI say without `Calendars.ReadBasic`: what would
  /// show, and which permission to add.
  public static let permissionExplanation =
    "Local time, working hours and free/busy need the Calendars.ReadBasic permission "
    + "(you can consent to it yourself; add it to the app registration and sign in again)."

  /// What a 404 from getSchedule means: the signed-in account has no calendar Graph can ask through
  /// (no Exchange Online mailbox), or the service does not offer getSchedule at all.
  public static let noCalendarExplanation =
    "Microsoft Graph found no calendar to ask through: free/busy needs an Exchange Online mailbox "
    + "on your account."

  /// Addresses per call: the documented limit (concepts/outlook-get-free-busy-schedule: "up to 20
  /// entities at once"). The service has accepted 100 (docs-contrib#5895), but that is not promised.
  public static let maxAddressesPerCall = 20

  /// Calls in flight at once: Outlook's "4 concurrent requests" per app and mailbox.
  public static let maxConcurrentCalls = 4
}
