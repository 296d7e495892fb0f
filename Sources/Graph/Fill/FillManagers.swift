import Foundation
import RosterCore
import Transport

/// The managers of a fill's page (issue 30): `/users` answers no `manager`, so each page's people
/// are looked up in `/users/delta?$filter=id eq '…' or …&$select=id,manager` (`FilteredDelta`:
/// 50 ids a request, 20 requests a `$batch`, several batches in flight). The answer is a delta
/// page like the walk's, so each person gets the `manager@delta` reading the walk would give them
/// (`DeltaDecoding`), and the index writes them the same way.
///
/// Why this and not the others (PROTOCOL.md "Local index"): a request costs one resource unit for
/// 50 people, so a million people cost 20,000 units (25 s of an 8,000-unit budget, hidden under the
/// `/users` chain); `GET /users/{id}/manager` costs a unit a person (1,000,000 units, 21 minutes);
/// `$expand=manager` caps pages at 100 (10,000 pages in one chain, 13 minutes at 80 ms).
struct FillManagers: Sendable {
  let lookUp: FilteredDelta<DeltaChange>

  init(executor: GraphRequestExecutor, directory: GraphDirectory, pacer: GraphPacer, idsPerRequest: Int) {
    lookUp = FilteredDelta(
      executor: executor, directory: directory, pacer: pacer, path: "/users/delta", select: "id,manager",
      permission: "User.ReadBasic.All", decode: { try DeltaDecoding.page(from: $0.body) },
      idsPerRequest: idsPerRequest)
  }

  /// `page` with each upsert's manager as a delta walk would carry it.
  func annotate(_ page: DeltaPage, onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> DeltaPage {
    var ids: [String] = []
    for change in page.changes {
      if case .upsert(let person, _, _) = change { ids.append(person.id) }
    }
    var managers: [String: (id: String?, known: Bool)] = [:]
    for change in try await lookUp.changes(for: ids, onRetry: onRetry) {
      if case .upsert(let person, let managerId, let known) = change {
        managers[person.id.lowercased()] = (managerId, known)
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
}
