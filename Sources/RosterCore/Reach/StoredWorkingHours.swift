import Foundation

/// A person's working hours and their zone as the local index kept them from the last getSchedule
/// answer, with when that was: what the pane shows while Graph cannot be reached, marked with its
/// age ("as of 3 days ago"). Hours and zone rarely change; today's busy times do, so they are not
/// kept.
public struct StoredWorkingHours: Equatable, Sendable {
  /// The hours with the zone as Graph sent it (a Windows or IANA name, or custom rules).
  public var hours: WorkingHours
  public var readAt: Date

  public init(hours: WorkingHours, readAt: Date) {
    self.hours = hours
    self.readAt = readAt
  }
}

/// The index's keeping of working hours (issue 31), as the runtime uses it: closures over the
/// attached index (`LocalIndexClient.live`), fakes in tests, nothing without an index.
public struct WorkingHoursStore: Sendable {
  /// Keeps each person's hours as read at `readAt`; a nil entry forgets that person's (their
  /// schedule could not be read, or came without hours).
  public var save: @Sendable (_ hours: [String: WorkingHours?], _ readAt: Date) -> Void
  /// The kept hours of those `ids` the index holds any for.
  public var read: @Sendable (_ ids: [String]) -> [String: StoredWorkingHours]
  /// Forgets every person's (Graph refused getSchedule: nothing the sign-in may no longer read is
  /// answered from disk).
  public var forgetAll: @Sendable () -> Void

  public init(
    save: @escaping @Sendable ([String: WorkingHours?], Date) -> Void,
    read: @escaping @Sendable ([String]) -> [String: StoredWorkingHours],
    forgetAll: @escaping @Sendable () -> Void
  ) {
    self.save = save
    self.read = read
    self.forgetAll = forgetAll
  }

  /// No index: nothing kept, nothing found.
  public static let none = WorkingHoursStore(save: { _, _ in }, read: { _ in [:] }, forgetAll: {})
}
