import Foundation
import SearchRules

/// What the UI knows of an account's local index.
public struct LocalIndexSummary: Equatable, Sendable {
  /// A full sync has finished: searches may use it.
  public var complete: Bool
  public var people: Int
  public var lastSync: Date?
  /// People written so far by an unfinished full sync.
  public var indexing: Int?
  public var estimate: Int?
  /// Groups in the live generation; nil when the index keeps none (the token cannot read groups:
  /// `groupsProblem` says why).
  public var groups: Int?
  /// Why the index keeps no groups (the permission missing), nil when it keeps them.
  public var groupsProblem: GroupPermissionNeed?
  /// Rooms the index holds (refreshed whole, at most daily in the background); nil before the
  /// first refresh, or when the token may not read places (`roomsProblem` says so).
  public var rooms: Int?
  /// Why the index keeps no rooms, in words for the screen (`RoomClient.permissionExplanation`);
  /// nil when it keeps them or has not tried yet.
  public var roomsProblem: String?
  /// Set when opening found the file damaged and moved it aside: the UI says so once, since
  /// the rebuild costs a full sync and the person should know where the old file went.
  public var repaired: String?
  /// What it keeps of each `SearchedKind` (devices, apps), by kind.
  public var kinds: [ObjectKind: KindIndexCount] = [:]
  /// Which filters (`dept:`, `manager:` …) the index can answer (`IndexFilterSupport`); a query
  /// with one it cannot goes to Graph.
  public var filters: IndexFilterSupport

  public init(
    complete: Bool, people: Int, lastSync: Date?, indexing: Int? = nil, estimate: Int? = nil, repaired: String? = nil,
    groups: Int? = nil, groupsProblem: GroupPermissionNeed? = nil, rooms: Int? = nil, roomsProblem: String? = nil,
    filters: IndexFilterSupport = .everything
  ) {
    self.filters = filters
    self.groups = groups
    self.groupsProblem = groupsProblem
    self.rooms = rooms
    self.roomsProblem = roomsProblem
    self.complete = complete
    self.people = people
    self.lastSync = lastSync
    self.indexing = indexing
    self.estimate = estimate
    self.repaired = repaired
  }
}

/// How a background sync ended.
public enum LocalSyncResult: Equatable, Sendable {
  case synced(LocalIndexSummary)
  /// Another roster holds this account's sync lock: it keeps the index fresh for both.
  case busy
  /// The token may not read the directory; the message names the permission.
  case permissionDenied(String)
  case failed(DirectoryError)
  /// The index file was found damaged, deleted or replaced (the message says which): searches
  /// go to Graph and the index is opened again and rebuilt.
  case damaged(String)
}

/// The local directory index as the runtime uses it: a struct of closures, built over the Index
/// target (SQLite) by the composition root, fakes in tests. `search` is synchronous and fast
/// (milliseconds at 200,000 people): the Store calls it on the main queue so the list changes
/// in the same frame as the key.
public struct LocalIndexClient: Sendable {
  /// Opens (or creates) the index of `account`; nil when the index is off or cannot be opened.
  public var attach: @Sendable (_ account: Account) -> LocalIndexSummary?
  /// People matching `text` with Graph's `$search` semantics, at most `limit`.
  public var search: @Sendable (_ text: String, _ limit: Int) -> [Person]
  /// `search`, or the sentence saying why the index cannot answer `text`'s filters (`manager:`
  /// naming several people, a walk past its limit) as `.unsupportedQuery`, as Graph's path says it.
  public var answer: @Sendable (_ text: String, _ limit: Int) -> Result<[Person], DirectoryError>
  /// One sync round (full or delta); `progress` gets (people written, estimate).
  public var sync: @Sendable (_ progress: @escaping @Sendable (Int, Int?) -> Void) async -> LocalSyncResult
  /// Removes a person Graph no longer knows (a detail fetch answered 404).
  public var remove: @Sendable (_ id: String) -> Void
  /// The person with their reporting line and direct reports as the index knows them (managers
  /// only when the token could read them); nil when the index does not hold the person.
  public var detail: @Sendable (_ id: String) -> PersonDetail?
  /// Close matches for `text` (at most `limit`), from the index only, fast enough for the key's
  /// own frame; nil when nothing is forgiven.
  public var closeMatches: @Sendable (_ text: String, _ limit: Int) -> CloseMatches?
  /// Groups matching `text` with Graph's `$search` semantics (`SearchSchema.groups`), at most
  /// `limit`: synchronous and fast like `search`, for the key's own frame. Empty when the index
  /// keeps no groups.
  public var searchGroups: @Sendable (_ text: String, _ limit: Int) -> [Group]
  /// Group details, members, "member of" and nesting paths answered from the attached index
  /// (offline, marked `fromIndex`); `.offline` errors when no index is attached, `.notFound`
  /// when it does not hold the group, `.permissionDenied` when it keeps no groups.
  public var groups: GroupClient
  /// Every room the attached index holds (`allRooms`, marked `fromIndex`), matched locally like
  /// Graph's list; `.offline` when no index is attached or it holds no rooms yet,
  /// `.permissionDenied` when it keeps none for want of `Place.Read.All`.
  public var rooms: RoomClient
  /// Why the attached index can no longer answer (a read failed as damage, or its file was
  /// deleted, replaced or emptied), nil while it is sound: asked after every index search, so the
  /// first failing read falls back to Graph in the same frame instead of saying "No one matches".
  public var damage: @Sendable () -> String?
  /// People's working hours and zones from their last getSchedule answer (issue 31), for the pane
  /// while Graph cannot be reached.
  public var workingHours: WorkingHoursStore
  /// Whom the person works with and opened (issue 32), kept with the account's index.
  public var yourPeople: YourPeopleStore
  /// The values each filter property takes in the attached index (departments, titles, offices…):
  /// what Tab completes `dept:res` from. Read after the first frame (`IndexAction.filterValuesRead`):
  /// offices take one pass over every person.
  public var filterValues: @Sendable () -> [FilterProperty: [String]]
  /// Each `SearchedKind`'s reads from the attached index (devices, apps), by kind.
  public var kinds: [ObjectKind: KindIndexReader] = [:]

  public init(
    attach: @escaping @Sendable (Account) -> LocalIndexSummary?,
    search: @escaping @Sendable (String, Int) -> [Person],
    sync: @escaping @Sendable (@escaping @Sendable (Int, Int?) -> Void) async -> LocalSyncResult,
    remove: @escaping @Sendable (String) -> Void,
    detail: @escaping @Sendable (String) -> PersonDetail? = { _ in nil },
    closeMatches: @escaping @Sendable (String, Int) -> CloseMatches? = { _, _ in nil },
    searchGroups: @escaping @Sendable (String, Int) -> [Group] = { _, _ in [] },
    groups: GroupClient = .unavailable(.offline("No local index is attached.")),
    rooms: RoomClient = .unavailable(.offline("No local index is attached.")),
    damage: @escaping @Sendable () -> String? = { nil },
    answer: (@Sendable (String, Int) -> Result<[Person], DirectoryError>)? = nil,
    workingHours: WorkingHoursStore = .none, yourPeople: YourPeopleStore = .none,
    filterValues: @escaping @Sendable () -> [FilterProperty: [String]] = { [:] },
    kinds: [ObjectKind: KindIndexReader] = [:]
  ) {
    self.kinds = kinds
    self.filterValues = filterValues
    self.workingHours = workingHours
    self.yourPeople = yourPeople
    self.rooms = rooms
    self.damage = damage
    self.closeMatches = closeMatches
    self.searchGroups = searchGroups
    self.groups = groups
    self.attach = attach
    self.search = search
    self.answer = answer ?? { .success(search($0, $1)) }
    self.sync = sync
    self.remove = remove
    self.detail = detail
  }

  /// No index (the setting is off): searches go to Graph.
  public static let disabled = LocalIndexClient(
    attach: { _ in nil }, search: { _, _ in [] }, sync: { _ in .failed(.cancelled) }, remove: { _ in })
}
