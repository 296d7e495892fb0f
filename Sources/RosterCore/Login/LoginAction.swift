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
  /// `c` on the browser screen: copy the sign-in address (OSC 52), for a browser elsewhere.
  case addressCopyRequested
  /// The paste field's text changed.
  case redirectFieldEdited(String)
  /// Enter in the paste field: hand the pasted redirect URL to the browser flow.
  case redirectURLSubmitted(String)
  /// The browser flow accepted (it will finish with `.signedIn`) or refused the pasted URL.
  case redirectURLChecked(accepted: Bool)
  /// The demo signs in by itself: letters typed meanwhile are the search field's text, searched
  /// once signed in (never commands: `quinn` must not quit).
  case typedAhead(String)
}
