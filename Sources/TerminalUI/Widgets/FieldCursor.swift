/// The cursor of a text field whose text lives in `AppState` (the search query, a task draft):
/// the view controller keeps only the column. When the state's text changes by other means (Esc
/// clears it, a session is restored, a task is added) the cursor goes to its end.
///
/// It also remembers whether the person is typing or walking the list below the field: the
/// terminal's cursor (which a screen reader follows) stands in the field after a field key and on
/// the selected row after a key that moved the selection.
struct FieldCursor {
  private(set) var column = 0
  /// The last key was the field's (typing, moving in the text) rather than the list's.
  private(set) var isTyping = true
  /// The text `column` belongs to.
  private var text = ""

  /// Whether the cursor stands after the last character of `text` (it goes there when `text`
  /// changed outside the field).
  func isAtEnd(of text: String) -> Bool { text != self.text || column >= text.count }

  /// Follows `text` when it changed outside the field.
  mutating func sync(with text: String) {
    guard text != self.text else { return }
    self.text = text
    column = text.count
    isTyping = true
  }

  /// A key moved the list's selection: the terminal's cursor goes to the selected row.
  mutating func selectionMoved() { isTyping = false }

  /// Applies `key` to `text`: the field's text afterwards (unchanged when the key only moved the
  /// cursor), or nil when the key is not a field key.
  mutating func apply(_ key: Key, to text: String, maxLength: Int = TextFieldModel.defaultMaxLength) -> String? {
    sync(with: text)
    var field = TextFieldModel(text: text, cursor: min(column, text.count), maxLength: maxLength)
    guard field.apply(key) else { return nil }
    isTyping = true
    column = field.cursor
    self.text = field.text
    return field.text
  }
}
