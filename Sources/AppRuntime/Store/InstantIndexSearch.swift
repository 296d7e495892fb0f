import RosterCore

/// The local index's answer to a `.searchIndex` effect, now, on the caller's thread
/// (milliseconds at 200,000 people): the `Store` runs it inside `send`, so the list drawn for a
/// key is already the index's answer, in production and in `TestStore` alike.
///
/// Holds the index client in force: setup's save replaces the clients, and the search must
/// follow (commit 7c2910e: after first-run setup every search found no one). Thread-safe: the
/// runtime swaps the client from its worker while the Store searches on the main queue.
public final class InstantIndexSearch: Sendable {
  private let index: LockedValue<LocalIndexClient>

  public init(_ index: LocalIndexClient) {
    self.index = LockedValue(index)
  }

  /// Puts `index` in force for the searches that follow.
  public func use(_ index: LocalIndexClient) {
    self.index.withLock { $0 = index }
  }

  /// The people the index holds for `query`, at most `query.pageSize`.
  public func search(_ query: PeopleQuery) -> [Person] {
    index.current.search(query.text, query.pageSize)
  }

  /// The action that answers `.searchIndex(query, requestID:)`, for any kind: the kind's own
  /// answer, now.
  public func answer(_ query: KindQuery, requestID: Int) -> AppAction? {
    if let people = query.value(as: PeopleQuery.self) { return answer(people, requestID: requestID) }
    if let groups = query.value(as: GroupQuery.self) { return answerGroups(groups, requestID: requestID) }
    guard let reader = index.current.kinds[query.kind] else { return nil }
    let answer = reader.search(query)
    if let damage = index.current.damage() { return .index(.damaged(damage)) }
    return .search(.indexAnswered(id: requestID, answer))
  }

  /// The index's groups for `query`, now.
  func answerGroups(_ query: GroupQuery, requestID: Int) -> AppAction {
    let client = index.current
    let groups = client.searchGroups(query.text, query.pageSize)
    if let damage = client.damage() { return .index(.damaged(damage)) }
    return .search(.indexAnswered(id: requestID, .groups(groups, asked: query.pageSize)))
  }

  /// The index's people for `query`: the exact answer and, when it is shorter than
  /// `query.closeMatchesBelow`, close matches, in the same action (one frame).
  func answer(_ query: PeopleQuery, requestID: Int) -> AppAction {
    let client = index.current
    let answer = client.answer(query.text, query.pageSize)
    // A damaged, deleted or replaced file answers nothing true: the reducer asks Graph instead,
    // in this same frame, and has the index rebuilt.
    if let damage = client.damage() { return .index(.damaged(damage)) }
    // A filter the index cannot answer here (`manager:` naming several people) is said, as Graph's path says it.
    guard case .success(let people) = answer else {
      return .search(.answered(id: requestID, .people(answer.map { PeoplePage(people: $0) })))
    }
    // Close matches forgive typing slips in names, never in filters: `dept:Sales` lists Sales only.
    let close =
      people.count < query.closeMatchesBelow
        && (try? PeopleQuery.parsing(query.text, pageSize: 1).get().filters.isEmpty) != false
      ? client.closeMatches(query.text, query.closeMatchesBelow) : nil
    return .search(.indexAnswered(id: requestID, .people(people, asked: query.pageSize, close: close)))
  }
}
