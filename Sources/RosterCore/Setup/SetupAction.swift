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
