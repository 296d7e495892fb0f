import Foundation
import RosterCore

/// What `roster search` reads before it prints. Graph's pages come in Graph's own order, so the
/// first page re-sorted is not the first `--top` of the documented order ("Order of results"):
/// the command reads every match (in pages of Graph's largest), ranks them all and prints the
/// first `--top`, and says on stderr how many it left out.
extension SearchCommand {
  /// Graph's largest `$top` for `/users`: the fewest round trips for a whole answer.
  static let graphPageSize = 999
  /// How many people are read to rank without `--all`: five of Graph's pages. A broader query is
  /// ranked among those read, and stderr says so, rather than read a whole tenant for 25 rows.
  static let rankedAtMost = 5 * graphPageSize

  /// The people read, and what is known of those not read.
  struct Gathered {
    var people: [Person]
    /// Everyone who matched, when known: all read, or Graph's `@odata.count`.
    var total: Int?
    /// Every page was read.
    var complete: Bool
  }

  /// Every page of `query` (up to `rankedAtMost` unless `all`).
  static func gather(_ query: PeopleQuery, all: Bool, client: DirectoryClient) async throws -> Gathered {
    var asked = query
    asked.pageSize = graphPageSize
    var page = try await client.searchPeople(asked, DirectoryCommand.reportRetry)
    let counted = page.totalCount
    var people = page.people
    while let cursor = page.next, all || people.count < rankedAtMost {
      page = try await client.nextPage(cursor, DirectoryCommand.reportRetry)
      people += page.people
    }
    let complete = page.next == nil
    return Gathered(
      people: people, total: complete ? people.count : counted.map { max($0, people.count) }, complete: complete)
  }

  /// The stderr line for `shown` people printed of those gathered; nil when none were left out.
  static func leftOutNote(shown: Int, of gathered: Gathered) -> String? {
    let rest = "--all for the rest"
    if gathered.complete {
      guard let total = gathered.total, total > shown else { return nil }
      return "\(NumberText.grouped(shown)) of \(NumberText.grouped(total)) — \(rest)."
    }
    let read = NumberText.grouped(gathered.people.count)
    let among = "in order among the first \(read) Microsoft Graph gave"
    if let total = gathered.total {
      return "\(NumberText.grouped(shown)) of \(NumberText.grouped(total)), \(among) — \(rest)."
    }
    return "\(NumberText.grouped(shown)) of more than \(read), \(among) — \(rest)."
  }

  /// The same for the index, asked for one more than `--top`: whether more match, not how many.
  static func leftOutNote(shown: Int, moreMatch: Bool) -> String? {
    moreMatch ? "\(NumberText.grouped(shown)) shown; more match — --all for the rest." : nil
  }
}
