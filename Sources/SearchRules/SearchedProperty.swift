/// One property a search word is looked for in, and how Graph's `$search` compares it.
///
/// Graph tokenizes `displayName` (a word matches when each of its parts starts some word of the
/// name, in any order) and compares the other searchable properties by prefix of the whole
/// value (`givenName:jo` is `startsWith`). Both ignore case and accents (`TextFolding`).
public struct SearchedProperty: Sendable, Hashable {
  public enum Matching: Sendable, Hashable {
    /// Each part of the word starts one of the value's tokens (`NameTokenizer`).
    case tokens
    /// The folded value starts with the folded word.
    case prefix
  }

  /// The Graph property name, as sent in `$search`, `$filter` and `$select`.
  public var name: String
  public var matching: Matching

  public init(_ name: String, matching: Matching) {
    self.name = name
    self.matching = matching
  }
}
