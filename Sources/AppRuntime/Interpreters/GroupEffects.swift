import RosterCore

/// Groups (issue 20): the search's pages, "my groups", a group's properties, members and nesting
/// paths, and the groups a person is in. Each read goes to Graph (`GroupClient.live`) or, when
/// the effect says so, to the local index's answers (`LocalIndexClient.groups`), filed under its
/// `CancelID` so a newer selection or query cancels the one in flight. Searching the index is
/// not here: the Store answers `.searchIndex(.groups…)` in the key's own frame (`InstantIndexSearch`).
///
/// A group search's retry waits are reported (`.search(.retryScheduled(…, kind: .group))`): the status line shows
/// them while the people search for the same query is pending. The pane's reads are not.
struct GroupEffects: EffectInterpreter {
  let groups: GroupClient
  let index: LocalIndexClient
  let jobs: JobTable

  private func client(_ source: DirectorySource) -> GroupClient {
    source == .index ? index.groups : groups
  }

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let quiet: GroupClient.OnRetry = { _ in }
    switch effect {
    case .searchGraph(let asked, let requestID):
      guard let query = asked.value(as: GroupQuery.self) else { return notMine(effect, feedback) }
      let client = groups
      jobs.startCall(.groupSearch, feedback) { report in
        let result = await EffectResults.directory {
          try await client.searchGroups(query) { report(.search(.retryScheduled(id: requestID, $0, kind: .group))) }
        }
        return .search(.answered(id: requestID, .groups(result)))
      }
    case .fetchPage(.group, let cursor, let requestID):
      let client = groups
      jobs.startCall(.groupNextPage, feedback) { _ in
        .search(
          .pageAnswered(
            id: requestID, .groups(await EffectResults.directory { try await client.nextGroups(cursor, quiet) })))
      }
    case .loadMyGroups(let requestID, let source):
      let client = client(source)
      let mine = MemberOfQuery(personID: nil, transitive: true, pageSize: 999)
      jobs.startCall(.myGroups, feedback) { report in
        let result = await EffectResults.directory {
          try await client.memberOf(mine) { report(.search(.retryScheduled(id: requestID, $0, kind: .group))) }
        }
        return .search(.answered(id: requestID, .myGroups(result)))
      }
    case .loadGroup(let groupID, let requestID, let source):
      let client = client(source)
      jobs.startCall(.group, feedback) { _ in
        .groupPane(
          .loaded(id: requestID, await EffectResults.directory { try await client.groupDetail(groupID, quiet) }))
      }
    case .loadGroupMembers(let query, let requestID, let source):
      let client = client(source)
      jobs.startCall(.groupMembers, feedback) { _ in
        .groupPane(
          .membersLoaded(id: requestID, await EffectResults.directory { try await client.members(query, quiet) }))
      }
    case .fetchMoreMembers(let cursor, let requestID, let source):
      let client = client(source)
      jobs.startCall(.groupMembers, feedback) { _ in
        .groupPane(
          .moreMembersLoaded(
            id: requestID, await EffectResults.directory { try await client.nextMembers(cursor, quiet) }))
      }
    case .loadMembershipPath(let memberID, let groupID, let requestID, let source):
      let client = client(source)
      jobs.startCall(.groupPath, feedback) { _ in
        .groupPane(
          .pathLoaded(
            id: requestID,
            await EffectResults.directory { try await client.membershipPath(memberID, groupID, quiet) }))
      }
    case .loadMemberOf(let query, let requestID, let source):
      let client = client(source)
      jobs.startCall(.memberOf, feedback) { _ in
        .memberOf(.loaded(id: requestID, await EffectResults.directory { try await client.memberOf(query, quiet) }))
      }
    default:
      notMine(effect, feedback)
    }
  }
}
