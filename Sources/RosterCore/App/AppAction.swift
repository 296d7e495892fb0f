import Foundation
import Geometry

/// Everything that can happen to the app, as past-tense events, nested per feature.
///
/// View-controllers return these for keys; the effect runtime sends them with results. Only
/// `reduce` decides what they mean.
public enum AppAction: Equatable, Sendable {
  case app(LifecycleAction)
  case setup(SetupAction)
  case login(LoginAction)
  /// The one search field, for every kind of row (people, groups, rooms).
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
  /// The pane's person's schedule (issue 31).
  case reach(ReachAction)
  /// The pane's Account section: health and sign-ins (issue 33).
  case health(HealthAction)
  /// The detail pane showing a group (issue 20).
  case groupPane(GroupPaneAction)
  /// "Member of" in a person's pane (issue 20).
  case memberOf(MemberOfAction)
  /// The account picker and switching accounts (issue 21).
  case accounts(AccountsAction)
  /// Whom the person works with and opened (issue 32).
  case yourPeople(YourPeopleAction)
  /// The pane of a row that needs one read (a device, an app: `ItemPane`).
  case itemPane(ItemPaneAction)
  /// The pane's fix box: revoke, disable, a pass, an invitation, a membership (issue 45).
  case fix(FixAction)
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
