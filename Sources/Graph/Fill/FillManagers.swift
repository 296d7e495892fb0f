import Foundation
import RosterCore
import Transport

/// The managers of a fill's page (issue 30): `/users` answers no `manager`, so each page's people
/// are looked up in `/users/delta?$filter=id eq '…' or …&$select=id,manager`, 50 ids a request
/// (user-delta.md: "There is a limit of 50 filtered objects"), 20 requests a `$batch`
/// (`GraphBatch`), up to `inFlight` batches at once. The answer is a delta page like the walk's,
/// so each person gets the `manager@delta` reading the walk would give them (`DeltaDecoding`),
/// and the index writes them the same way.
///
/// Why this and not the others (PROTOCOL.md "Local index"): a request costs one resource unit for
/// 50 people, so a million people cost 20,000 units (25 s of an 8,000-unit budget, hidden under the
/// `/users` chain); `GET /users/{id}/manager` costs a unit a person (1,000,000 units, 21 minutes);
/// `$expand=manager` caps pages at 100 (10,000 pages in one chain, 13 minutes at 80 ms).
struct FillManagers: Sendable {
  static let idsPerRequest = 50

  let executor: GraphRequestExecutor
  let directory: GraphDirectory
  let pacer: GraphPacer
  var idsPerRequest = FillManagers.idsPerRequest
  var inFlight = 4
  let permission = "User.ReadBasic.All"

  /// `page` with each upsert's manager as a delta walk would carry it.
  func annotate(_ page: DeltaPage, onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> DeltaPage {
    var ids: [String] = []
    for change in page.changes {
      if case .upsert(let person, _, _) = change { ids.append(person.id) }
    }
    guard !ids.isEmpty else { return page }
    let requests = stride(from: 0, to: ids.count, by: idsPerRequest).map {
      Array(ids[$0..<min($0 + idsPerRequest, ids.count)])
    }
    let batches = stride(from: 0, to: requests.count, by: GraphBatch.maxRequests).map {
      Array(requests[$0..<min($0 + GraphBatch.maxRequests, requests.count)])
    }
    var managers: [String: (id: String?, known: Bool)] = [:]
    try await withThrowingTaskGroup(of: [String: (id: String?, known: Bool)].self) { group in
      var next = 0
      while next < min(inFlight, batches.count) {
        let batch = batches[next]
        group.addTask { try await lookUp(batch, onRetry: onRetry) }
        next += 1
      }
      while let found = try await group.next() {
        managers.merge(found) { first, _ in first }
        if next < batches.count {
          let batch = batches[next]
          group.addTask { try await lookUp(batch, onRetry: onRetry) }
          next += 1
        }
      }
    }
    var annotated = page
    annotated.changes = page.changes.map { change in
      guard case .upsert(let person, _, _) = change, let manager = managers[person.id.lowercased()] else {
        return change
      }
      return .upsert(person, managerId: manager.id, managerKnown: manager.known)
    }
    return annotated
  }

  /// One `$batch` of filtered delta requests: each person's manager reading, by lower-cased id.
  private func lookUp(_ requests: [[String]], onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws
    -> [String: (id: String?, known: Bool)]
  {
    let items = requests.enumerated().map { index, ids in
      let filter = ids.map { "id eq '\($0.replacingOccurrences(of: "'", with: "''"))'" }.joined(separator: " or ")
      return GraphBatch.Request(
        id: String(index),
        url: "/users/delta?" + ODataText.queryString([("$select", "id,manager"), ("$filter", filter)]))
    }
    try await pacer.admit(Double(items.count))
    let response = try await executor.send(
      "POST", try directory.url("/$batch"), body: GraphBatch.body(items), permission: permission,
      innerStatus: GraphBatch.retryableInner, onRetry: onRetry)
    let answers = try GraphBatch.responses(from: response.body)
    var found: [String: (id: String?, known: Bool)] = [:]
    for index in items.indices {
      guard let answer = answers[String(index)] else {
        throw DirectoryError.malformedResponse("The batch answer from Microsoft Graph left out a manager look-up.")
      }
      await pacer.learn(from: answer, guessed: 1)
      guard (200..<300).contains(answer.status) else {
        throw GraphFailure.error(for: answer, permission: permission)
      }
      for change in try DeltaDecoding.page(from: answer.body).changes {
        if case .upsert(let person, let managerId, let known) = change {
          found[person.id.lowercased()] = (managerId, known)
        }
      }
    }
    return found
  }
}
