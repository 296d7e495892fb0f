import Foundation
import SearchRules

/// An identifier typed instead of a name (issue 32): an address from a thread (an `smtp:` proxy
/// address, an old alias, an other mail) or an employee id. Read the same way online and offline,
/// so the two look up the same thing; a person found by one says which (`matchedIdentifier`).
public enum TypedIdentifier: Sendable, Hashable {
  /// An address, as typed without an `smtp:` prefix.
  case address(String)
  /// An employee id, as typed.
  case employeeId(String)

  /// What `text` may be: nothing for words, a filter, or text with spaces; an address for one
  /// token with an `@` (an `smtp:` prefix dropped); an employee id for one token of letters,
  /// digits and `-`/`_` holding a digit (a phone-like number is both a phone and an employee id).
  public static func read(_ text: String) -> [TypedIdentifier] {
    let token = text.trimmingCharacters(in: .whitespaces)
    guard !token.isEmpty, token.count <= 256, !token.contains(where: \.isWhitespace) else { return [] }
    let lowered = token.lowercased()
    if lowered.hasPrefix("smtp:") {
      let rest = String(token.dropFirst(5))
      return rest.contains("@") && !rest.contains(":") ? [.address(rest)] : []
    }
    if token.contains("@") { return token.contains(":") ? [] : [.address(token)] }
    let employee =
      token.count <= 64 && token.contains(where: \.isNumber)
      && token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    return employee ? [.employeeId(token)] : []
  }

  /// What the name search is asked beside the identifiers: the text, without an `smtp:` prefix
  /// (the address's start still finds a mail or user name that starts with it).
  public static func wordsOf(_ text: String) -> String {
    let token = text.trimmingCharacters(in: .whitespaces)
    return token.lowercased().hasPrefix("smtp:") && !read(token).isEmpty ? String(token.dropFirst(5)) : text
  }
}

extension Person {
  /// Which of the person's identifiers `identifier` is, said for the list, the pane and the CLI
  /// ("alias smtp:ann.old@contoso.com", "other mail …", "employee id 100123"); nil when none is
  /// (compared case-insensitively, as Graph compares them). The primary address is the mail,
  /// which the name search finds: it is not "matched by an identifier".
  public func identifier(matching identifier: TypedIdentifier) -> CleanText? {
    switch identifier {
    case .address(let address):
      let wanted = TextFolding.caseFolded(address)
      if let alias = proxyAddresses?.first(where: {
        let text = $0.string
        return text.hasPrefix("smtp:") && TextFolding.caseFolded(String(text.dropFirst(5))) == wanted
      }) {
        return CleanText("alias " + alias.string)
      }
      if let other = otherMails?.first(where: { TextFolding.caseFolded($0.string) == wanted }) {
        return CleanText("other mail " + other.string)
      }
      return nil
    case .employeeId(let id):
      guard let held = employeeId, TextFolding.caseFolded(held.string) == TextFolding.caseFolded(id) else { return nil }
      return CleanText("employee id " + held.string)
    }
  }

  /// The person marked with the first of `identifiers` that is theirs; nil when none is.
  public func marked(by identifiers: [TypedIdentifier]) -> Person? {
    guard let label = identifiers.lazy.compactMap({ self.identifier(matching: $0) }).first else { return nil }
    var person = self
    person.matchedIdentifier = label
    return person
  }
}

extension AppState {
  /// What found `person` when it was not their name (an alias, other mail or employee id): the
  /// list's row says it, and the pane keeps saying it once Graph's fuller record replaces the row's.
  public func matchedIdentifier(of person: Person) -> CleanText? {
    person.matchedIdentifier ?? search.results.first { $0.id == person.id }?.matchedIdentifier
  }
}
