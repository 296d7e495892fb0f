import Foundation

/// Everything that can happen to the app, as past-tense events, nested per feature.
///
/// View-controllers return these for keys; the effect runtime sends them with results. Only
/// `reduce` decides what they mean.
public enum AppAction: Equatable, Sendable {
  case app(LifecycleAction)
  case setup(SetupAction)
  case login(LoginAction)
  case search(SearchAction)
  case list(ListAction)
  case detail(DetailAction)
  /// The local directory index (issue 12).
  case index(IndexAction)
  /// Presence of the people on screen (issue 13).
  case presence(PresenceAction)
  /// The selected person's photo (issue 13).
  case photo(PhotoAction)
  /// The B2C task list (issue 14).
  case tasks(TaskListAction)
}

/// App-wide events.
public enum LifecycleAction: Equatable, Sendable {
  /// The event loop is running: restore a session or show setup.
  case started
  /// The token cache was checked: an account that needs no interaction, or nil.
  case sessionRestored(Account?)
  /// A second passed while something counts down (device code, throttle, banner).
  case tick
  /// `q` (search field empty) or Ctrl-C.
  case quitRequested
  /// `?`.
  case helpToggled
  /// Tab: the search list and the detail pane swap the keyboard.
  case focusSwitched
  /// The terminal was resized (also sent once at start).
  case terminalResized(TerminalSize)
  /// The person asked to sign out.
  case signOutRequested
  /// The token cache forgot the account.
  case signedOut
  /// A banner was dismissed by a key.
  case bannerDismissed
  /// Something to tell the person that is not about the current screen (a token cache whose
  /// permissions were repaired): shown on the status line, never printed over the UI.
  case warningRaised(String)
}

/// The setup screen's events.
public enum SetupAction: Equatable, Sendable {
  /// A field's text changed (the whole new text).
  case fieldEdited(SetupState.Field, String)
  /// Tab / Up / Down moved between the fields.
  case fieldFocused(SetupState.Field)
  /// Enter: validate and save.
  case submitted
  /// The settings file was written; these settings are now in force.
  case saved(Settings)
  /// Writing the settings failed; the message says why.
  case saveFailed(String)
}

/// The login screen's events.
public enum LoginAction: Equatable, Sendable {
  /// The sign-in in progress reported a step.
  case signInEventReceived(SignInEvent)
  /// `r` or Enter: start again with the current method (a new device code).
  case newCodeRequested
  /// `b`: switch to the browser flow.
  case browserRequested
  /// `d`: switch to the device code flow.
  case deviceCodeRequested
  /// `c`: copy the device code (OSC 52).
  case codeCopyRequested
  /// The paste field's text changed.
  case redirectFieldEdited(String)
  /// Enter in the paste field: hand the pasted redirect URL to the browser flow.
  case redirectURLSubmitted(String)
  /// The browser flow accepted (it will finish with `.signedIn`) or refused the pasted URL.
  case redirectURLChecked(accepted: Bool)
}

/// The search engine's events.
public enum SearchAction: Equatable, Sendable {
  /// The field's text changed (the whole new text).
  case queryChanged(String)
  /// The pause after a keystroke ran out for query change `id`.
  case debounceElapsed(id: Int)
  /// The first page for request `id` arrived (or failed).
  case resultsLoaded(id: Int, Result<PeoplePage, DirectoryError>)
  /// A further page for request `id` arrived (or failed).
  case nextPageLoaded(id: Int, Result<PeoplePage, DirectoryError>)
  /// The client waits before retrying request `id` (throttled, service unavailable).
  case retryScheduled(id: Int, RetryNotice)
  /// Ctrl-R: ask again for the query in the field, bypassing the cache.
  case retryRequested
  /// The local index answered query change `id` (in the same frame as the key) with up to
  /// `asked` people; `asked` is one more than the list shows, so a full answer means "more".
  case indexResultsLoaded(id: Int, [Person], asked: Int)
}

/// The result list's events.
public enum ListAction: Equatable, Sendable {
  /// Up/Down/PgUp/PgDn/Ctrl-N/Ctrl-P: move by `by` rows (clamped to the list).
  case selectionMoved(by: Int)
  /// Home (0), End (`Int.max` is clamped), a mouse click.
  case selectionMovedTo(Int)
  /// The selection is near the end of what is loaded: fetch the next page, if any.
  case nearEndReached
  /// Enter in the single-pane layout: the detail pane covers the list.
  case detailOpened
}

/// The detail pane's events.
public enum DetailAction: Equatable, Sendable {
  /// The selection has not moved for `Tuning.selectionRest`: the pane shows whom it points at.
  case selectionRested
  /// The short pause after a selection change ran out for detail request `id`.
  case debounceElapsed(id: Int)
  /// The full profile for detail request `id` arrived (or failed).
  case loaded(id: Int, Result<PersonDetail, DirectoryError>)
  /// The local index's answer for detail request `id` (Graph unreachable); nil when it does not
  /// hold the person, and the pane keeps saying why Graph failed.
  case loadedFromIndex(id: Int, PersonDetail?)
  /// The client waits before retrying detail request `id`.
  case retryScheduled(id: Int, RetryNotice)
  /// Esc in the single-pane layout: back to the list.
  case closed
  /// `y`/`c` on a field: copy `text` (read from `CleanText` by the VC), announcing it as `label`.
  case copyRequested(label: String, text: String)
  /// ↑/↓ in the pane: the org-chart row selection moved by `by` (clamped to the rows).
  case orgRowMoved(by: Int)
  /// Enter on an org-chart row: that person opens in the pane (added to the trail).
  case orgRowOpened
  /// Backspace or ←: back to the previous person of the trail.
  case wentBack
  /// `v`: write the pane's person to a vCard file.
  case vCardRequested
  /// The vCard file was written (its path) or could not be (why).
  case vCardExported(Result<String, ExportFailure>)
}

/// Presence of the people on screen.
public enum PresenceAction: Equatable, Sendable {
  /// Time to ask for the presence of the people on screen (after results settle, then every
  /// `Tuning.presenceRefresh`).
  case refreshDue
  /// Presence for request `id` arrived (or failed).
  case loaded(id: Int, Result<[String: Presence], DirectoryError>)
}

/// Why a file could not be written, in words for the banner.
public struct ExportFailure: Error, Equatable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
