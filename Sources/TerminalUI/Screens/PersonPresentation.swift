import RosterCore

/// How a person reads as a row of the list (presence and "your people" are added by the list).
extension Person: RowPresentable, MemberRowPresentable {
  /// None: a person's presence stands before their name.
  static var kindGlyph: String? { nil }

  /// The display name (clean since decoding), with a fallback so a row is never blank.
  var listName: String {
    let name = displayName?.string ?? ""
    if !name.isEmpty { return name }
    let parts = [givenName, surname].compactMap { $0?.string }.filter { !$0.isEmpty }
    return parts.isEmpty ? "(no name)" : parts.joined(separator: " ")
  }

  /// Mail, or the user principal name when there is no mailbox.
  var listAddress: String {
    (mail ?? userPrincipalName)?.string ?? ""
  }

  var listTitle: String {
    jobTitle?.string ?? ""
  }

  /// " • Ivan Petrov · Engineer".
  var memberRowText: String { " • " + listName + (listTitle.isEmpty ? "" : " · " + listTitle) }
}
