import Foundation

/// People hidden from the address list, as Outlook's address book hides them.
///
/// Graph's `/users`, `$search` and `/users/delta` return people whose `showInAddressList` is false
/// (often confidential staff); Outlook leaves them out of its address book and resolves them only
/// from an exact address. Roster does the same: they are in no search result (live or from the
/// index), not in the index, not in `roster query`; `roster show` and the pane find them by exact
/// id, user principal name or mail, and say that they are hidden. The property is null for most
/// people (null means shown), and Exchange's own `HiddenFromAddressListsEnabled` is not in Graph:
/// see PROTOCOL.md, "People hidden from the address list".
extension Person {
  /// Graph said `showInAddressList: false`.
  public var isHiddenFromAddressList: Bool { showInAddressList == false }

  /// Whether `text` could be someone's whole mail, user principal name or object id: one word
  /// with an `@` and something on each side of it, or a GUID. Only such a text can find a person
  /// hidden from the address list, so only then does an empty answer from the index (which holds
  /// no hidden people) send the search on to Graph.
  public static func couldBeExactAddress(_ text: String) -> Bool {
    let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !typed.isEmpty, !typed.contains(where: \.isWhitespace) else { return false }
    if let at = typed.firstIndex(of: "@") {
      return at != typed.startIndex && typed.index(after: at) != typed.endIndex
    }
    return UUID(uuidString: typed) != nil
  }

  /// Whether a search for `text` may list this person: anyone not hidden, and a hidden person
  /// when `text` is exactly their id, user principal name or mail (ignoring case and the spaces
  /// around it), as Outlook resolves an address typed in full.
  public func isListed(answering text: String) -> Bool {
    guard isHiddenFromAddressList else { return true }
    let typed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    guard !typed.isEmpty else { return false }
    return [id, userPrincipalName?.string, mail?.string].contains { $0?.lowercased() == typed }
  }
}
