import Foundation
import GRDB
import RosterCore
import SearchRules

/// Why the index will not answer a query's filters, as a sentence (`IndexFilterSupport`, or a
/// `manager:` name that finds several people): said instead of answering another question.
public struct IndexRefusal: Error, Sendable, Equatable {
  public var message: String
}

/// Searches with filters (issue 32): the same people Graph's `$filter` (and, for `manager:` and
/// `under:`, its walk of `directReports`) gives for the same question, from the index, in the
/// key's own frame. Name words keep their `$search` rules (`ranked`); the filters are a condition
/// on the row (`IndexFilterClause`) or a walk of the manager links (`DirectoryIndex+Organisation`).
extension DirectoryIndex {
  /// The words and filters of `text` when it holds a filter; nil for a plain name (or a malformed
  /// filter, which the reducer and the CLI refuse before asking).
  static func filtered(_ text: String) -> FilterSyntax.Parsed? {
    guard FilterSyntax.mayHoldFilters(text), let parsed = try? FilterSyntax.parse(text), !parsed.filters.isEmpty
    else { return nil }
    return parsed
  }

  /// What the index can answer, from what it was filled with.
  public func filterSupport() throws -> IndexFilterSupport {
    try pool.read { db in Self.filterSupport(try Self.meta(db)) }
  }

  static func filterSupport(_ meta: [String: String]) -> IndexFilterSupport {
    let profiles = meta["profiles"].flatMap(ProfileGrant.init(rawValue:)) ?? .full
    return IndexFilterSupport(fullProfiles: profiles == .full, managersKnown: meta["managers_known"] == "1")
  }

  /// People matching the name `words` (Graph's `$search` rules) and every filter, ranked; throws
  /// `IndexRefusal` for a filter the index cannot answer.
  public func search(_ words: String, filters: [PersonFilter], limit: Int, offset: Int = 0) throws -> [Person] {
    if let refusal = try filterSupport().refusal(filters) { throw IndexRefusal(message: refusal) }
    if let organisational = filters.first(where: \.needsOrganisation) {
      return try withinOrganisation(organisational, words: words, others: filters, limit: limit, offset: offset)
    }
    return try ranked(words, limit: limit, offset: offset) { db in try IndexFilterClause(filters, db) }
  }
}
