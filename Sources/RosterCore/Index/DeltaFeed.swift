/// One entry of a `/users/delta` page.
public enum DeltaChange: Sendable, Equatable {
  /// Added or changed: the whole person as selected, and the manager's id when the token could
  /// read it (`manager@delta`); `managerKnown` is false when the relationship was not returned.
  case upsert(Person, managerId: String?, managerKnown: Bool)
  /// Removed from the directory (`@removed`, reason `changed` or `deleted`).
  case removed(id: String)
}

/// One page of a delta round of any kind of directory object (`Change` is one kind's entry):
/// exactly one of `nextLink` and `deltaLink` is set on a well-formed page (Graph never sends
/// both).
public struct ChangePage<Change: Sendable & Equatable>: Sendable, Equatable {
  public var changes: [Change]
  public var nextLink: String?
  public var deltaLink: String?

  public init(changes: [Change], nextLink: String? = nil, deltaLink: String? = nil) {
    self.changes = changes
    self.nextLink = nextLink
    self.deltaLink = deltaLink
  }
}

/// Reads one kind's change feed (Graph's `/users/delta`, `/groups/delta`): a struct of closures,
/// live in Graph, fakes or the sandbox in tests. One type for every kind (issue 29): a kind is
/// its `Change`, not a copy of the feed.
public struct ChangeFeed<Change: Sendable & Equatable>: Sendable {
  /// `link` nil starts a full round with the kind's `$select`; otherwise the absolute
  /// `@odata.nextLink` or `@odata.deltaLink` is followed as is. Throws `DirectoryError`; an
  /// expired or unknown token is `.service(status: 400 or 410, code: "syncStateNotFound" …)`.
  public var fetch:
    @Sendable (_ link: String?, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws
      -> ChangePage<Change>

  public init(
    fetch: @escaping @Sendable (String?, @escaping @Sendable (RetryNotice) -> Void) async throws -> ChangePage<Change>
  ) {
    self.fetch = fetch
  }

  /// Whether `error` means the delta token is no longer usable and the round must start over.
  public static func needsFullSync(_ error: any Error) -> Bool {
    guard case .service(let status, let code, _)? = error as? DirectoryError else { return false }
    let lowered = code?.lowercased()
    return lowered == "syncstatenotfound" || lowered == "resyncrequired" || status == 410
      || lowered == "directory_expiredpagetoken"
  }
}

/// People's change feed and page (`/users/delta`).
public typealias DeltaFeed = ChangeFeed<DeltaChange>
public typealias DeltaPage = ChangePage<DeltaChange>
