import RosterCore
import SearchRules

/// `manager:NAME` and `under:NAME`: who reports to whom is not a property `$filter` can test
/// (PROTOCOL.md, "Filters in the search field"), so the client answers them by walking the
/// reporting tree itself (`OrgWalk`) from the one person the name finds, and keeps those who
/// match the words and the other filters.
///
/// Cost: one request to find the person, then one `$batch` per person walked (their record in
/// full, so every filter can be checked, and their reports): a team of 12 is 14 round trips;
/// `under:` a vice-president of 800 is 800. The walk stops at `subtreeLimit` people.
extension GraphDirectory {
  /// How many people an `under:` walk reads at most; its depth bound is `subtreeDepth`.
  static let subtreeLimit = OrgWalk.filterLimit
  static let subtreeDepth = OrgWalk.filterDepth

  func searchWithinOrganisation(
    _ query: PeopleQuery, onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws(DirectoryError) -> PeoplePage {
    let organisational = query.filters.filter(\.needsOrganisation)
    guard organisational.count == 1, let filter = organisational.first else {
      throw .unsupportedQuery(IndexFilterSupport.oneOrganisationFilter)
    }
    let (name, depth): (String, Int) =
      switch filter {
      case .manager(let name): (name, 1)
      case .under(let name): (name, Self.subtreeDepth)
      default: ("", 0)
      }
    let root = try await resolve(name, filter: filter, words: query.text, onRetry: onRetry)
    let walk = OrgWalk(depth: depth, limit: Self.subtreeLimit)
    let records: [PersonRecord]
    do {
      let walked = try await walk.walk(from: root.id) { id in try await personDetail(id, onRetry: onRetry) }
      // A cut walk would answer "some of the people below": say so rather than list them.
      guard walked.cut == nil else {
        throw DirectoryError.unsupportedQuery(OrgWalk.tooMany(filter))
      }
      records = walked.records
    } catch let error as DirectoryError {
      throw error
    } catch {
      throw .malformedResponse("\(error)")
    }
    let others = query.filters.filter { !$0.needsOrganisation }
    let words = Narrowing(query.text)
    let people = records.dropFirst().map(\.person).filter {
      words.matches($0.searchFields) && $0.matchesAll(others) == true && $0.isListed(answering: query.text)
    }
    return PeoplePage(people: people, next: nil, totalCount: nil)
  }

  /// The one person `name` finds: a mail or user name read directly; otherwise a search whose
  /// only match, or only exact display-name match, it is. Several are refused, naming them (and
  /// the quoting, when the search's `words` continue the name: `OrgWalk.several`).
  private func resolve(
    _ name: String, filter: PersonFilter, words: String, onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws(DirectoryError) -> Person {
    if name.contains("@") { return try await personDetail(name, onRetry: onRetry).person }
    let page = try await searchPeople(PeopleQuery(text: name, pageSize: OrgWalk.resolveLimit), onRetry: onRetry)
    // In the ranking's order, as the index lists them: the refusal names the same five.
    let found = PeopleRanking.ranked(page.people, for: name)
    // More than the limit: refused, as the index refuses it, rather than chosen from some of them.
    if page.next != nil { throw .unsupportedQuery(OrgWalk.several(filter, found: found, words: words)) }
    if let chosen = OrgWalk.chosen(found, for: name) { return chosen }
    throw .unsupportedQuery(
      found.isEmpty ? OrgWalk.noOne(filter) : OrgWalk.several(filter, found: found, words: words))
  }
}
