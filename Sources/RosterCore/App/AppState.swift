import Foundation
import Geometry

/// The whole application state: one value, changed only by `reduce` on the main queue.
///
/// Why one tree: the renderer draws from this value alone, tests compare it, and no view-controller
/// keeps anything a test or another pane cares about (only scroll offsets and text cursors).
public struct AppState: Equatable, Sendable {
  /// Which root screen the UI shows.
  public var screen: Screen
  /// The settings in force (debounce, sign-in method, scopes...).
  public var settings: Settings
  /// The setup screen (client id and tenant being edited).
  public var setup: SetupState
  /// The login screen (sign-in method and progress).
  public var login: LoginState
  /// The search field every kind answers: its query, request id and page size.
  public var field: FieldState
  /// People's slice of the search: what they answered, in flight and cached.
  public var search: SearchState
  /// Groups in the same list (issue 20).
  public var groups: GroupSearchState
  /// Rooms in the same list (issue 29).
  public var rooms: RoomSearchState
  public var devices = SearchedRows<Device>()
  public var apps = SearchedRows<AppRegistration>()
  public var enterpriseApps = SearchedRows<EnterpriseApp>()
  /// The one list over every kind: which kinds it shows and which row is selected.
  public var list: ListState
  /// The detail pane for the selected person.
  public var detail: DetailState
  /// Teams presence of the people on screen (when the sign-in may read it).
  public var presence: PresenceState
  /// The pane's person's schedule: local time, hours, today (issue 31).
  public var reach = ReachState()
  /// The pane's Account section (issue 33); never written to the index.
  public var health = HealthState()
  /// Whom the person works with and opened: first in every tier of the ranking (issue 32).
  public var yourPeople = YourPeopleState()
  /// The selected person's photo (PhotoReducer).
  public var photo: PhotoState
  /// The B2C task list (issue 14).
  public var tasks: TaskListState
  /// Where a sign-in leads: the people browser, or the task list for a B2C profile with `taskAPI`.
  public var home: Screen
  /// Which pane receives keys on the main screen.
  public var focus: Focus
  /// The `?` overlay listing the focused view's keys.
  public var isHelpVisible: Bool
  /// Single-pane layout only: the detail pane covers the list (Enter opens it, Esc returns).
  public var singlePaneDetailOpen: Bool
  /// The signed-in account; nil before sign-in and after sign-out.
  public var account: Account?
  /// Grows at every sign-out and account switch (`SessionReset`): the `Store` drops results of
  /// effects started in an earlier generation, so nothing of one account reaches another's screen.
  public var sessionGeneration: Int = 0
  /// `roster --demo`: the UI says so on screen.
  public var isDemo: Bool
  /// A transient one-line message ("Copied mail to the clipboard").
  public var banner: Banner?
  /// Set once the person asked to quit; the event loop restores the terminal and exits.
  public var quitRequested: Bool
  /// The wall-clock time of the action being reduced, stamped by the `Store` from its injected
  /// clock. The reducer's only source of time (cache ages, countdowns), so it stays pure and tests
  /// control time through the `TestScheduler`.
  public var now: Date
  /// The zone the person reading the screen lives in: clock times are drawn in it ("until 15:00")
  /// and other people's times compared with it. UTC until the composition root sets the
  /// machine's own, so tests and snapshots never depend on where they run.
  public var timeZone = TimeZone(secondsFromGMT: 0)!
  /// The terminal size last reported by the UI (`.app(.terminalResized)`, also sent at start).
  /// Setting it recomputes `layout`.
  public var terminal: TerminalSize {
    didSet { layout = Layout(terminal) }
  }
  /// Where the panes go for `terminal`: the one layout the reducer and the views read.
  public private(set) var layout: Layout
  /// The local directory index: attached, fresh, syncing (issue 12).
  public var index: IndexState = IndexState()
  /// The account picker and a switch in progress (issue 21).
  public var accounts: AccountPickerState = AccountPickerState()
  /// The pane's fix box (issue 45).
  public var fix = FixState()

  /// A fresh state for a run of the app.
  ///
  /// - Parameters:
  ///   - settings: the loaded settings; without a `clientId` the setup screen is shown first.
  ///   - signInMethod: the interactive flow to use (the composition root resolves `auto`).
  ///   - isDemo: whether this is `roster --demo`.
  ///   - home: the screen after sign-in (`.tasks` for a B2C profile with `taskAPI`).
  public init(
    settings: Settings = Settings(), signInMethod: SignInMethod = .deviceCode, isDemo: Bool = false,
    now: Date = Date(timeIntervalSince1970: 0), home: Screen = .main
  ) {
    self.screen = settings.clientId == nil ? .setup : .login
    self.settings = settings
    self.setup = SetupState(settings: settings)
    self.login = LoginState(method: signInMethod)
    self.field = FieldState()
    self.search = SearchState()
    self.groups = GroupSearchState()
    self.rooms = RoomSearchState()
    self.list = ListState()
    self.detail = DetailState()
    self.presence = PresenceState()
    self.photo = PhotoState()
    self.tasks = TaskListState()
    self.home = home
    self.focus = .list
    self.isHelpVisible = false
    self.singlePaneDetailOpen = false
    self.account = nil
    self.isDemo = isDemo
    self.banner = nil
    self.quitRequested = false
    self.now = now
    self.terminal = TerminalSize(rows: 24, cols: 80)
    self.layout = Layout(TerminalSize(rows: 24, cols: 80))
  }
}

/// The root screens.
public enum Screen: Equatable, Sendable {
  /// No client id configured: the app-registration checklist and fields.
  case setup
  /// No usable token: device code or browser sign-in.
  case login
  /// Search field, result list and detail pane.
  case main
  /// The B2C task list (a B2C profile with `taskAPI`).
  case tasks
}

/// Which pane of the main screen has the keyboard.
public enum Focus: Equatable, Sendable {
  /// The search field and the result list (typing edits the query, arrows move the selection).
  case list
  /// The detail pane (arrows scroll it).
  case detail
}

/// A short message shown for a few seconds, then removed by a tick.
public struct Banner: Equatable, Sendable {
  /// How the banner is styled.
  public enum Kind: Equatable, Sendable { case info, error }
  /// The text, clean: messages quoting directory or server text cannot carry escape sequences.
  public var message: CleanText
  /// Info or error styling.
  public var kind: Kind
  /// When a tick removes it.
  public var expiresAt: Date

  public init(message: CleanText, kind: Kind = .info, expiresAt: Date) {
    self.message = message
    self.kind = kind
    self.expiresAt = expiresAt
  }
}

extension AppState {
  /// Shows `message` for a few seconds. The banner is the app's, not a feature's: any feature
  /// says something with it, and the clock (`DerivedEvent.countdownChanged`) takes it down.
  mutating func showBanner(
    _ message: CleanText, kind: Banner.Kind = .info, seconds: TimeInterval = Tuning.bannerSeconds
  ) {
    banner = Banner(message: message, kind: kind, expiresAt: now.addingTimeInterval(seconds))
  }

  /// Every deadline counting down now: the banner's, a throttle's retry, the pane's retry, the
  /// device code's expiry. The once-a-second tick runs while there is one.
  var countdownDeadlines: [Date] {
    var deadlines: [Date] = []
    if let banner { deadlines.append(banner.expiresAt) }
    if case .throttled(let countdown) = search.status { deadlines.append(countdown.until) }
    if let retry = detail.pane.personPane?.retry { deadlines.append(retry.until) }
    if screen == .login, let prompt = login.deviceCode { deadlines.append(prompt.expiresAt) }
    return deadlines
  }
}
