import Foundation

/// The B2C task list screen: the customer's tasks as last known (with optimistic changes applied),
/// the add field (always the one typing goes to: no letter is a command, so nothing typed is
/// lost), the selection, and what to put back if the service refuses a change.
public struct TaskListState: Equatable, Sendable {
  /// Where the list stands.
  public enum Status: Equatable, Sendable {
    case idle
    case loading
    case loaded
    /// The last load failed; the items shown (if any) are from before.
    case failed(CleanText)
  }

  /// A change sent and not yet answered: what the list looked like before it.
  public enum Rollback: Equatable, Sendable {
    case completed(was: Bool)
    case deleted(TaskItem, at: Int)
  }

  public var items: [TaskItem] = []
  public var status: Status = .idle
  public var selection: Int = 0
  /// The add field's text.
  public var draft: String = ""
  /// Delete was pressed on this task: the screen asks "delete? y/n".
  public var confirmingDelete: String?
  /// Ctrl-O was pressed: the screen asks "sign out? y/n" (signing out drops the session).
  public var confirmingSignOut = false
  /// Bumped per list load; an answer for an older one is dropped.
  public var requestID: Int = 0
  /// Added tasks get `local-N` ids until the service answers with the real one.
  public var nextLocalID: Int = 1
  /// Changes in flight by task id.
  public var rollbacks: [String: Rollback] = [:]

  public init() {}

  public var selectedTask: TaskItem? { items.indices.contains(selection) ? items[selection] : nil }

  /// Whether the task's add, toggle or delete is still on its way to the service.
  public func isPending(_ id: String) -> Bool { id.hasPrefix(Self.localPrefix) || rollbacks[id] != nil }

  public var completedCount: Int { items.filter(\.completed).count }

  static let localPrefix = "local-"
}
