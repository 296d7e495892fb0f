import Foundation
import RosterCore

extension GraphGroups {
  /// Bounds of a path search: pages of the member's transitive groups read, and batches of
  /// direct-membership reads (20 groups each). A real member is in a few hundred groups at most.
  static let maxMembershipPages = 20
  static let maxPathBatches = 25

  /// How `memberID` is in `groupID`: the shortest chain of nested groups.
  ///
  /// The member's transitive groups (`/transitiveMemberOf/microsoft.graph.group`, one request
  /// per 999) say whether it is in the group at all and which groups a path can pass through;
  /// then a breadth-first walk up from the member's direct groups, each level's
  /// `/groups/{id}/memberOf` asked in `$batch`es of 20, keeps only groups of that set and never
  /// visits one twice, so a cycle (A in B in A, which Graph permits) ends the walk, not loops it.
  func membershipPath(
    memberID: String, groupID: String, onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws(DirectoryError) -> MembershipPath? {
    let (member, base) = try await resolveMember(memberID, onRetry: onRetry)
    let target = groupID.lowercased()
    let containing = try await transitiveGroups(of: base, onRetry: onRetry)
    guard containing[target] != nil else { return nil }
    // Level 0: the groups the member is in directly (nil parent).
    var parent: [String: String?] = [:]
    var frontier: [String] = []
    for group in try await directGroups(of: base, onRetry: onRetry) where containing[group] != nil {
      if parent.updateValue(nil, forKey: group) == nil { frontier.append(group) }
    }
    var batches = 0
    while !frontier.isEmpty, parent[target] == nil, batches < Self.maxPathBatches {
      var next: [String] = []
      for chunk in stride(from: 0, to: frontier.count, by: GraphBatch.maxRequests).map({
        Array(frontier[$0..<min($0 + GraphBatch.maxRequests, frontier.count)])
      }) {
        guard batches < Self.maxPathBatches else { break }
        batches += 1
        for (child, parents) in try await directGroups(ofGroups: chunk, onRetry: onRetry) {
          for group in parents where containing[group] != nil && parent[group] == nil {
            parent[group] = .some(child)
            next.append(group)
          }
        }
      }
      frontier = next
    }
    guard parent[target] != nil else { return nil }
    // From the target down to the member's direct group, then reversed: innermost first.
    var chain: [Group] = []
    var current: String? = target
    while let id = current, let group = containing[id], chain.count <= parent.count {
      chain.append(group)
      current = parent[id] ?? nil
    }
    return MembershipPath(member: member, groups: chain.reversed())
  }

  /// The member as a row, and its path: a person (`/users/{id}`) or else a group.
  private func resolveMember(_ key: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> (DirectoryObject, String)
  {
    do {
      let person = try await people.person(key, onRetry: onRetry)
      return (.person(person), people.userPath(person.id))
    } catch .notFound {
      let group = try await findGroup(key, onRetry: onRetry)
      return (.group(group), Self.groupPath(group.id))
    }
  }

  /// Every group `base` is in, directly or through others, by lower-cased id.
  private func transitiveGroups(of base: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> [String: Group]
  {
    let options = [("$select", GroupDecoding.fields.joined(separator: ",")), ("$top", "999")]
    let first = try people.url(base + "/transitiveMemberOf/microsoft.graph.group" + Self.query(options))
    var groups: [String: Group] = [:]
    try await people.everyPage(
      from: first, maxPages: Self.maxMembershipPages, limit: .stop,
      fetch: { url throws(DirectoryError) in try await get(url, advanced: false, onRetry: onRetry) },
      read: { body throws(DirectoryError) in
        let decoded = try GroupDecoding.page(from: body, assumed: .group)
        for case .group(let group) in decoded.objects { groups[group.id.lowercased()] = group }
        for case .undescribed(let object) in decoded.objects { groups[object.id.lowercased()] = Group(id: object.id) }
        return decoded.nextLink
      })
    return groups
  }

  /// The ids of the groups `base` is directly in.
  private func directGroups(of base: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> [String]
  {
    let body = try await get(
      base + "/memberOf/microsoft.graph.group" + Self.query([("$select", "id"), ("$top", "999")]), advanced: false,
      onRetry: onRetry)
    return try GroupDecoding.page(from: body, assumed: .group).objects.map { $0.id.lowercased() }
  }

  /// For each of `ids` (at most 20), the ids of the groups it is directly in, in one `$batch`. A
  /// group Graph will not answer for (gone, hidden) has no parents.
  private func directGroups(ofGroups ids: [String], onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> [(String, [String])]
  {
    let options = Self.query([("$select", "id"), ("$top", "999")])
    let requests = ids.enumerated().map { index, id in
      GraphBatch.Request(id: String(index), url: Self.groupPath(id) + "/memberOf/microsoft.graph.group" + options)
    }
    let response: Data
    do {
      response = try await executor.send(
        "POST", try people.url("/$batch"), body: GraphBatch.body(requests), permission: Self.permission,
        innerStatus: GraphBatch.retryableInner, onRetry: onRetry
      ).body
    } catch .permissionDenied(let message) {
      throw Self.need(forDenial: message).error
    }
    let answers = try GraphBatch.responses(from: response)
    return ids.enumerated().map { index, id in
      guard let answer = answers[String(index)], (200..<300).contains(answer.status),
        let decoded = try? GroupDecoding.page(from: answer.body, assumed: .group)
      else { return (id, []) }
      return (id, decoded.objects.map { $0.id.lowercased() })
    }
  }
}
