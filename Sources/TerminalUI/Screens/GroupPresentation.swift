import RosterCore

/// How a group reads as a row of the list.
extension Group {
  /// The glyph before a group's name in the list (a set of boxes): with the word after it
  /// (`listAddress`), a group reads as one without colour too.
  static let listGlyph = "⊞"

  /// "⊞ Platform Team".
  var listName: String { Self.listGlyph + " " + name.string }

  /// "group · team · platform@contoso.com": the word first, so a cut keeps it.
  var listAddress: String {
    let kind = self.kind
    let word = kind == .other ? "group" : "group · " + kindText.string
    guard let mail = mail?.string, !mail.isEmpty else { return word }
    return word + " · " + mail
  }
}
