import RosterCore

/// How a group reads as a row of the list and of a member list.
extension Group: RowPresentable, MemberRowPresentable {
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

  static var kindGlyph: String? { listGlyph }

  /// " ⊞ SRE On-Call · group · team".
  var memberRowText: String { " " + listName + " · " + listAddress }
}

extension UndescribedObject: MemberRowPresentable {
  /// " ◌ device 3f2a…", " ◌ Build agent 7 · device": what it is, by Graph's type.
  var memberRowText: String {
    let name = displayName?.string ?? ""
    let label = kind.label.string
    return " ◌ " + (name.isEmpty ? label + " " + id : name + " · " + label)
  }
}

extension Group: KindPresentable {
  /// What an empty list says while it lists groups alone.
  static func emptyListLines(_ state: AppState) -> [String] {
    let groups = state.groups
    switch groups.status {
    case .idle, .searching: return ["Searching groups…"]
    case .offline(let message): return ["Offline: \(message)", "Type to try again."]
    case .failed(let message): return [message.string, "Ctrl-R to try again."]
    case .results:
      let lines = ["No group matches \u{201C}\(state.field.query.string)\u{201D}."]
      guard let need = groups.onlyMine else { return lines }
      return lines + [need.explanation.string, need.wouldShow.string]
    }
  }
}
