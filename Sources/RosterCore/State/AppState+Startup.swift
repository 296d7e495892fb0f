import Foundation

extension AppState {
  /// Whether a start-up read that is about to change the whole screen has not answered yet: the
  /// saved session is being looked for (a local file), or the signed-in account's index is being
  /// opened (a local SQLite file) for the status line. The UI holds its first frame while this is
  /// true, so a person with a saved session sees the search screen with its final status line
  /// first, never "Restoring session… · not signed in" flashing by (issue 19, item 14). An index
  /// that cannot be opened answers with nothing and looks the same as one still opening; the UI's
  /// time limit on the hold covers that case.
  public var isSettlingAtStart: Bool {
    if screen == .login, login.phase == .restoring { return true }
    let indexOpening =
      screen == .main && account != nil && settings.index && !index.attached && index.summary == nil
      && index.toldProblem == nil
    return indexOpening
  }
}
