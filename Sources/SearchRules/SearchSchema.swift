/// The properties one kind of directory object is searched by, in the order clauses are sent.
///
/// Data, not code, so that groups (displayName, mail, mailNickname) and later close matching can
/// reuse the same word rules over their own properties.
public struct SearchSchema: Sendable, Hashable {
  public var properties: [SearchedProperty]

  public init(_ properties: [SearchedProperty]) { self.properties = properties }

  /// What Roster searches people by: the name and address properties.
  public static let people = SearchSchema([
    SearchedProperty("displayName", matching: .tokens), SearchedProperty("givenName", matching: .prefix),
    SearchedProperty("surname", matching: .prefix), SearchedProperty("mail", matching: .prefix),
    SearchedProperty("userPrincipalName", matching: .prefix),
  ])

  /// What Roster searches groups by: the properties Graph's `$search` accepts on `/groups`
  /// (group.md: `displayName` and `description`, both tokenized). A group's mail and alias are
  /// not `$search`-able; `roster query` finds a list by its mail with `$filter` instead.
  public static let groups = SearchSchema([
    SearchedProperty("displayName", matching: .tokens), SearchedProperty("description", matching: .tokens),
  ])

  /// A room's words: its name, where it is, its mailbox and its tags. Rooms are few (a tenant
  /// has hundreds), so they are always matched locally by `Narrowing`, never by a server search.
  public static let rooms = SearchSchema([
    SearchedProperty("displayName", matching: .tokens), SearchedProperty("building", matching: .tokens),
    SearchedProperty("floorLabel", matching: .tokens), SearchedProperty("emailAddress", matching: .prefix),
    SearchedProperty("nickname", matching: .tokens), SearchedProperty("tags", matching: .tokens),
  ])

  /// Graph tokenizes on symbols and spaces, so a word of symbols or emoji alone (`%`, `&`, `🙂`)
  /// leaves no token, and a tokenized clause with it would match everyone. Such a word is looked
  /// for only where Graph matches by prefix.
  public func properties(for word: some StringProtocol) -> [SearchedProperty] {
    QueryWords.hasToken(word) ? properties : properties.filter { $0.matching == .prefix }
  }
}
