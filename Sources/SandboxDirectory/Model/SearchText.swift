/// Graph's `$search` text rules as the sandbox implements them, for the local index: one
/// definition shared by the sandbox and the index, so an offline search cannot drift from the
/// online one (the equivalence test compares them).
public enum SearchText {
  /// Folded tokens of a display name as stored: parts plus whole words (`NameTokenizer`).
  public static func nameTokens(_ displayName: String) -> [String] { NameTokenizer.indexTokens(displayName) }
  /// Folded tokens of one `displayName:` clause; each must prefix some name token.
  public static func queryTokens(_ text: String) -> [String] { NameTokenizer.queryTokens(text) }
  /// Lower case without accents: what prefix clauses on other properties compare.
  public static func folded(_ text: String) -> String { TextFolding.searchFolded(text) }
}
