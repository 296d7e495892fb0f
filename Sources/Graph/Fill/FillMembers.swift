import Foundation
import RosterCore
import Transport

/// The members of a groups fill's page (issue 30): `/groups` answers no members, so each page's
/// groups are read in `/groups/delta?$filter=id eq '…' or …&$select=id,members` (`FilteredDelta`:
/// 20 groups a request by default, 10 requests a `$batch`, 2 batches in flight a page, each
/// round's pages of at most 500 member links followed to its end). Fewer look-ups in flight than
/// the managers' (each answer is up to 500 links, ~45 KB of JSON, decoded from the bytes by
/// `GroupDeltaDecoding`): a page's members are what its memory is
/// (docs/decisions/index-local-index.md#index--first-sync-under-graphs-limits). Each group then
/// becomes one upsert with its listed properties and every `members@delta` entry its round gave,
/// as a delta walk's pages give them (there spread over entries of the same id): the same writer
/// stores it.
///
/// Why filtered delta and not `/groups/{id}/members`: a member list costs 2 resource units with
/// `$select` and one request a group (40,000 units for 20,000 groups: 50 s of an 8,000-unit
/// budget), while a filtered delta page costs 1 unit for up to 500 links of up to 50 groups; and
/// v1.0's `/members` leaves service principals out (its known issue) where delta, the walk's
/// source, does not. A group whose members the token may not read comes with `members@delta: []`
/// here as in the walk.
struct FillMembers: Sendable {
  /// Fewer ids than 50 a request keep each round's chain of pages short (a group has ~100 members
  /// on average in the sandbox: 20 groups are ~4 pages, 50 are ~10) for nearly the same units.
  static let idsPerRequest = 20

  let lookUp: FilteredDelta<GroupDeltaChange>

  init(executor: GraphRequestExecutor, directory: GraphDirectory, pacer: GraphPacer, idsPerRequest: Int) {
    lookUp = FilteredDelta(
      executor: executor, directory: directory, pacer: pacer, path: "/groups/delta", select: "id,members",
      permission: GraphGroups.permission,
      decode: { try GroupDeltaDecoding.page(from: $0.body) },
      denied: { _ in GroupPermissionNeed.readGroups.error }, idsPerRequest: idsPerRequest, inFlight: 2, perBatch: 10)
  }

  /// `page` (listed groups, no members) with each group's full member list.
  func annotate(_ page: GroupDeltaPage, onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws
    -> GroupDeltaPage
  {
    var ids: [String] = []
    for change in page.changes {
      if case .upsert(let id, _, _) = change { ids.append(id) }
    }
    // Folded a batch at a time as the answers come; member ids are GUIDs held in 16 bytes
    // (`MemberChange`), so no sharing of strings is needed.
    var members: [String: [MemberChange]] = [:]
    try await lookUp.forEach(for: ids, onRetry: onRetry) { changes in
      for change in changes {
        guard case .upsert(let id, _, let some) = change else { continue }
        members[id.lowercased(), default: []] += some
      }
    }
    var annotated = page
    annotated.changes = page.changes.map { change in
      guard case .upsert(let id, let group, _) = change else { return change }
      // Copied to its exact size (the lists grew by doubling), and the grown one let go.
      let key = id.lowercased()
      guard let grown = members[key] else { return .upsert(id: id, group: group, members: []) }
      var exact: [MemberChange] = []
      exact.reserveCapacity(grown.count)
      exact += grown
      members[key] = exact
      return .upsert(id: id, group: group, members: exact)
    }
    return annotated
  }
}
