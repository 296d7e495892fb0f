/// The account picker's events (issue 21).
public enum AccountsAction: Equatable, Sendable {
  /// Ctrl-T: open the picker (lists the accounts).
  case pickerRequested
  /// The token cache's accounts were read.
  case listed([AccountSummary], currentKey: String?)
  /// ↑/↓ in the picker.
  case selectionMoved(by: Int)
  /// Enter: switch to the selected account.
  case chosen
  /// `a`: sign in to another account through the login screen.
  case addRequested
  /// Esc: close the picker, keeping the current account.
  case dismissed
  /// The runtime put the chosen account's clients in force: its account (nil: it must sign in
  /// again), where it leads (`.tasks` for B2C) and its settings.
  case switched(key: String, account: Account?, home: Screen, settings: Settings)
  /// The runtime put the settings' clients in force for a new sign-in.
  case addReady(home: Screen, settings: Settings)
  /// Reading the accounts or building the chosen one's clients failed.
  case failed(String)
}
