/// One entry of a `/groups/delta` page.
public enum GroupDeltaChange: Sendable, Equatable {
  /// Added or changed. `group` is nil when the entry carries only `members@delta` (Graph spreads a
  /// large group's members over several entries of the same id): its properties stand as they are.
  case upsert(id: String, group: Group?, members: [MemberChange])
  /// Deleted (`@removed`).
  case removed(id: String)
}

/// One `members@delta` item: a member added, or removed (`@removed`).
public struct MemberChange: Sendable, Equatable, Hashable {
  public var id: String
  public var kind: DirectoryObjectKind
  public var removed: Bool

  public init(id: String, kind: DirectoryObjectKind, removed: Bool = false) {
    self.id = id
    self.kind = kind
    self.removed = removed
  }
}

/// One page of a groups delta round (exactly one of the links is set).
public struct GroupDeltaPage: Sendable, Equatable {
  public var changes: [GroupDeltaChange]
  public var nextLink: String?
  public var deltaLink: String?

  public init(changes: [GroupDeltaChange], nextLink: String? = nil, deltaLink: String? = nil) {
    self.changes = changes
    self.nextLink = nextLink
    self.deltaLink = deltaLink
  }

  /// Member changes on this page, for progress and figures.
  public var memberChanges: Int {
    changes.reduce(0) { total, change in
      if case .upsert(_, _, let members) = change { total + members.count } else { total }
    }
  }
}

/// Reads `/groups/delta` with members (`$select=…,members`): live in Graph, fakes in tests.
/// `link` nil starts a full round; otherwise the absolute next or delta link is followed as is.
public struct GroupDeltaFeed: Sendable {
  public var fetch:
    @Sendable (_ link: String?, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> GroupDeltaPage

  public init(
    fetch: @escaping @Sendable (String?, @escaping @Sendable (RetryNotice) -> Void) async throws -> GroupDeltaPage
  ) {
    self.fetch = fetch
  }
}
