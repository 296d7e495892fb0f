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
  /// The id as Graph gave it, held in 16 bytes without an allocation when it is a lower-case GUID
  /// (`ObjectID`): a groups fill holds ~100,000 members a page of 999 groups (issue 30).
  private var objectID: ObjectID
  public var kind: DirectoryObjectKind
  public var removed: Bool

  public var id: String {
    get { objectID.text }
    set { objectID = ObjectID(newValue) }
  }

  public init(id: String, kind: DirectoryObjectKind, removed: Bool = false) {
    self.objectID = ObjectID(id)
    self.kind = kind
    self.removed = removed
  }
}

/// Groups' change feed and page (`/groups/delta` with members), the same types as people's.
public typealias GroupDeltaFeed = ChangeFeed<GroupDeltaChange>
public typealias GroupDeltaPage = ChangePage<GroupDeltaChange>

extension ChangePage<GroupDeltaChange> {
  /// Member changes on this page, for progress and figures.
  public var memberChanges: Int {
    changes.reduce(0) { total, change in
      if case .upsert(_, _, let members) = change { total + members.count } else { total }
    }
  }
}
