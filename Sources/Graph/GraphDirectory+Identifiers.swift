import Foundation
import RosterCore

/// An alias, other mail or employee id typed instead of a name (`TypedIdentifier`), asked of
/// Graph in the `$filter` forms it runs by default (protocol.md §4.2: `eq` inside `any` on
/// `proxyAddresses` and `otherMails`, `eq` on `employeeId`; no advanced-query headers), beside
/// the name search. The people it finds come first, each marked with what found them
/// (`Person.marked(by:)`), as the index lists them (`DirectoryIndex+Identifiers`).
extension GraphDirectory {
  /// The `$filter` that asks for every person `identifiers` may name.
  static func identifierFilter(_ identifiers: [TypedIdentifier]) -> String {
    identifiers.map { identifier in
      switch identifier {
      case .address(let address):
        return "proxyAddresses/any(p:p eq \(ODataText.filterLiteral("smtp:" + address))) or "
          + "otherMails/any(o:o eq \(ODataText.filterLiteral(address)))"
      case .employeeId(let id): return "employeeId eq \(ODataText.filterLiteral(id))"
      }
    }.joined(separator: " or ")
  }

  /// The people `text`'s identifiers name (none when it reads as no identifier), marked.
  func identifierOwners(_ text: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> [Person]
  {
    let identifiers = TypedIdentifier.read(text)
    guard !identifiers.isEmpty else { return [] }
    let select = (UserQuery.listFields + ["proxyAddresses", "otherMails", "employeeId"]).joined(separator: ",")
    let query = ODataText.queryString([
      ("$filter", Self.identifierFilter(identifiers)), ("$select", select), ("$top", "999"),
    ])
    guard let url = URL(string: configuration.root + "/users?" + query) else {
      throw .malformedResponse("Could not build a Graph URL from \(configuration.root).")
    }
    let response = try await executor.get(url, headers: [], permission: "User.ReadBasic.All", onRetry: onRetry)
    return try PeopleDecoding.page(from: response.body).people.filter { $0.isListed(answering: text) }
      .compactMap { $0.marked(by: identifiers) }
  }

  /// The name search `words` with the people `text`'s identifiers name first, none listed twice.
  /// The two requests run at once; the identifiers' may fail alone (a tenant that refuses the
  /// `$filter`, a service error) and the name search still answers.
  func withIdentifiers(
    _ text: String, words: @escaping @Sendable () async throws(DirectoryError) -> PeoplePage,
    onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws(DirectoryError) -> PeoplePage {
    async let asked = try? identifierOwners(text, onRetry: onRetry)
    let page = try await words()
    let found = await asked ?? []
    guard !found.isEmpty else { return page }
    let ids = Set(found.map(\.id))
    var merged = page
    merged.people = found + page.people.filter { !ids.contains($0.id) }
    return merged
  }
}
