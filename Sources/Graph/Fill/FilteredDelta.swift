import Foundation
import RosterCore
import Transport

/// A kind's delta read for chosen objects only (issue 30): `{path}?$select=…&$filter=id eq '…' or
/// …`, at most 50 ids a request (user-delta.md and group-delta.md: "There is a limit of 50 filtered
/// objects"), 20 requests a `$batch` (`GraphBatch`), up to `inFlight` batches at once, every
/// `@odata.nextLink` followed in a later batch until each request's round has ended. What comes
/// back is what a delta walk says of those objects (`manager@delta` of people, `members@delta` of
/// groups, a large group's members spread over several pages), decoded by the walk's own decoder.
///
/// A fill lists a kind's objects from their collection (`/users`, `/groups`), which does not
/// carry their relationships, and reads the relationships here: one request for 50 objects, a
/// delta page's cost (1 resource unit with `$select`), where a request an object would cost 50
/// times as much (`/groups/{id}/members` is 2 units with `$select`: 40,000 units for 20,000 groups).
/// Every request waits its turn in the `GraphPacer` the fill shares.
struct FilteredDelta<Change: Sendable & Equatable>: Sendable {
  static var idsPerRequest: Int { 50 }

  let executor: GraphRequestExecutor
  let directory: GraphDirectory
  let pacer: GraphPacer
  /// `/users/delta`, `/groups/delta`.
  let path: String
  let select: String
  let permission: String
  /// One inner answer's page (its body's own bytes: `GraphBatch.Answer`).
  let decode: @Sendable (GraphBatch.Answer) throws -> ChangePage<Change>
  /// What a refused request means (a 403 as the kind's permission need).
  var denied: @Sendable (DirectoryError) -> any Error = { $0 }
  var idsPerRequest = FilteredDelta.idsPerRequest
  var inFlight = 4
  /// Requests a `$batch` (at most Graph's 20).
  var perBatch = GraphBatch.maxRequests

  /// Every change the rounds for `ids` return, each request's pages in order.
  func changes(for ids: [String], onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> [Change] {
    var found: [Change] = []
    try await forEach(for: ids, onRetry: onRetry) { found += $0 }
    return found
  }

  /// The changes the rounds for `ids` return, handed to `take` a `$batch` at a time as they come
  /// (each request's pages in order), so a caller that folds them (`FillMembers`) never holds them
  /// all twice: a groups fill's page brings ~100,000 member changes.
  func forEach(
    for ids: [String], onRetry: @escaping @Sendable (RetryNotice) -> Void, _ take: ([Change]) -> Void
  ) async throws {
    guard !ids.isEmpty else { return }
    let size = min(max(1, idsPerRequest), Self.idsPerRequest)
    var pending: [String] = stride(from: 0, to: ids.count, by: size).map { start in
      let filter = ids[start..<min(start + size, ids.count)]
        .map { "id eq '\($0.replacingOccurrences(of: "'", with: "''"))'" }.joined(separator: " or ")
      return path + "?" + ODataText.queryString([("$select", select), ("$filter", filter)])
    }
    try await withThrowingTaskGroup(of: (changes: [Change], next: [String]).self) { group in
      var running = 0
      func launch() {
        while running < inFlight, !pending.isEmpty {
          let batch = Array(pending.prefix(min(max(1, perBatch), GraphBatch.maxRequests)))
          pending.removeFirst(batch.count)
          group.addTask { try await send(batch, onRetry: onRetry) }
          running += 1
        }
      }
      launch()
      while let answered = try await group.next() {
        running -= 1
        take(answered.changes)
        pending += answered.next
        launch()
      }
    }
  }

  /// One `$batch` of filtered delta requests (relative URLs): their changes and the next links
  /// (relative again) of those whose round goes on.
  private func send(_ urls: [String], onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws
    -> (changes: [Change], next: [String])
  {
    let items = urls.enumerated().map { GraphBatch.Request(id: String($0.offset), url: $0.element) }
    try await pacer.admit(Double(items.count))
    let response = try await executor.send(
      "POST", try directory.url("/$batch"), body: GraphBatch.body(items), permission: permission,
      innerStatus: GraphBatch.retryableInner, onRetry: onRetry)
    let answers = try GraphBatch.answers(from: response.body)
    var changes: [Change] = []
    var next: [String] = []
    for index in items.indices {
      guard let answer = answers[String(index)] else {
        throw DirectoryError.malformedResponse("The batch answer from Microsoft Graph left out a look-up.")
      }
      await pacer.learn(from: answer.head, guessed: 1)
      guard (200..<300).contains(answer.status) else {
        let error = GraphFailure.error(for: answer.response, permission: permission)
        if case .permissionDenied = error { throw denied(error) }
        throw error
      }
      let page = try decode(answer)
      changes += page.changes
      if let link = page.nextLink { next.append(try relative(link)) }
    }
    return (changes, next)
  }

  /// A next link as a `$batch` takes it: relative to the version, and only for this Graph.
  private func relative(_ link: String) throws -> String {
    let root = directory.configuration.root
    guard (try? directory.followableURL(link)) != nil, link.hasPrefix(root) else {
      throw DirectoryError.malformedResponse("Microsoft Graph sent a next-page link that does not point back to Graph.")
    }
    return String(link.dropFirst(root.count))
  }
}
