import Foundation

/// The task list screen's events (issue 14).
public enum TaskListAction: Equatable, Sendable {
  /// Ctrl-R, and on arrival at the screen: fetch the list again.
  case reloadRequested
  /// The list for load `id` arrived (or failed).
  case loaded(id: Int, Result<[TaskItem], TaskError>)
  /// The add field's text changed (the whole new text).
  case draftEdited(String)
  /// Enter in the add field.
  case addSubmitted
  /// The service stored (or refused) the task shown under `localID`.
  case added(localID: String, Result<TaskItem, TaskError>)
  /// ↑/↓/PgUp/PgDn move by `by` rows; Home/End and clicks go to a row.
  case selectionMoved(by: Int)
  case selectionMovedTo(Int)
  /// Space: the selected task flips between open and done.
  case completionToggled
  /// The service saved (or refused) the new state of task `id`.
  case completionSaved(id: String, Result<TaskItem, TaskError>)
  /// Delete (with the add field empty): ask to confirm deleting the selected task.
  case deleteRequested
  /// `y` after Delete.
  case deleteConfirmed
  /// Any other key after Delete.
  case deleteCancelled
  /// Ctrl-O: ask to confirm signing out (`y` then sends `AppAction.signOutRequested`).
  case signOutAsked
  /// Any key but `y` after Ctrl-O.
  case signOutCancelled
  /// The service deleted (or refused to delete) task `id`.
  case deleted(id: String, Result<String, TaskError>)
}
