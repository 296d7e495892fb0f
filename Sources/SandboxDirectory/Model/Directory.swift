import Foundation

/// The whole organisation, immutable once built.
///
/// Everything a query needs (folded names, search tokens, sort ranks, lookup tables) is computed
/// once in `init`, so `list` over 200,000 people only compares precomputed strings.
public final class Directory: Sendable {
  /// The tenant domain of generated user principal names (and of derived ones in people files).
  public static let defaultDomain = "contoso.onmicrosoft.com"

  let storage: DirectoryStorage
  let groupStorage: GroupStorage

  /// A directory of exactly these people, in this order (for tests and embedders). `managerId`s
  /// that name nobody are treated as no manager. `users` must not be empty; `defaultUserIndex` is
  /// clamped into range.
  public init(users: [DirectoryUser], defaultUserIndex: Int = 0, groups: GroupSet = GroupSet()) {
    precondition(!users.isEmpty, "a directory needs at least one user")
    storage = DirectoryStorage(users: users, defaultUserIndex: min(max(0, defaultUserIndex), users.count - 1))
    groupStorage = GroupStorage(groups, userCount: users.count)
  }

  /// Generated people computed on request (`LazyOrganisation`), with no groups: a million
  /// people's groups would be a table of their own the sandbox must hold
  /// (docs/decisions/sandbox.md#sandbox--a-million-people).
  init(generated people: GeneratedPeople) {
    storage = DirectoryStorage(generated: people)
    groupStorage = GroupStorage(GroupSet(), userCount: people.count)
  }

  /// A directory of `LazyOrganisation`'s people at any size (tests use small ones; the sandbox
  /// uses it above `LazyOrganisation.threshold`).
  public static func lazilyGenerated(seed: UInt64 = 1, size: Int) -> Directory {
    Directory(generated: GeneratedPeople(LazyOrganisation(seed: seed, size: size)))
  }

  /// Everyone but those hidden from the address list (`showInAddressList: false`): what a
  /// client's index should hold. Computed people are counted without being made.
  public var listedCount: Int {
    storage.users.generated?.listedCount ?? storage.users.count { $0.showInAddressList != false }
  }

  /// Whether people are computed on request (a `LazyOrganisation`) rather than held.
  public var isLazilyGenerated: Bool { storage.users.generated != nil }

  /// For a lazily generated directory: up to `limit` people after the stable key `afterKey`
  /// (from the first when nil), the last key given, and whether more follow. Keys do not move
  /// when people are added or removed, so a walk by key skips and repeats nobody. Empty for a
  /// stored directory (walk its sorted ids).
  public func people(afterKey: Int?, limit: Int) -> (users: [DirectoryUser], lastKey: Int?, more: Bool) {
    storage.users.generated?.people(afterKey: afterKey, limit: limit) ?? ([], nil, false)
  }

  /// Deterministic generated organisation: same seed and size, same people.
  /// Repeated calls with the same arguments share one instance (it is immutable). Above
  /// `LazyOrganisation.threshold` people the people are computed on request, and there are no
  /// groups.
  public static func generated(seed: UInt64 = 1, size: Int = 2000) -> Directory {
    if size > LazyOrganisation.threshold { return lazilyGenerated(seed: seed, size: size) }
    return GeneratedDirectoryCache.shared.directory(seed: seed, size: size) {
      let users = OrganisationGenerator(seed: seed, size: size).makeUsers()
      return Directory(users: users, defaultUserIndex: 0, groups: GroupGenerator(seed: seed, users: users).make())
    }
  }
  /// Loads a JSON array of Graph user objects (+ `manager`: id or UPN), or an object
  /// `{"users": […], "groups": […]}` (see `GroupsFileLoader`).
  public static func load(peopleFile: URL) throws(PeopleFileError) -> Directory {
    let data: Data
    do {
      data = try Data(contentsOf: peopleFile)
    } catch {
      throw PeopleFileError("people file '\(peopleFile.path)' cannot be read: \(error.localizedDescription)")
    }
    return try load(peopleJSON: data, name: peopleFile.path)
  }

  /// Like `load(peopleFile:)`, from the file's contents.
  public static func load(peopleJSON data: Data, name: String = "people file") throws(PeopleFileError) -> Directory {
    let loaded = try GroupsFileLoader.load(data, name: name)
    return Directory(users: loaded.users, defaultUserIndex: 0, groups: loaded.groups)
  }

  /// Everyone, in a stable order.
  public var users: DirectoryPeople { storage.users }
  /// The person who signs in when no other user is chosen (the chief executive by default).
  public var defaultUser: DirectoryUser { storage.users[storage.defaultUserIndex] }
  /// By id or userPrincipalName (case-insensitive for UPN).
  public func user(idOrUPN: String) -> DirectoryUser? {
    storage.index(ofIdOrUPN: idOrUPN).map { storage.users[$0] }
  }
  /// The person `user` reports to, nil at the top of the tree and for people without a manager.
  public func manager(of user: DirectoryUser) -> DirectoryUser? {
    guard let managerId = user.managerId, let index = storage.index(ofId: managerId) else { return nil }
    return storage.users[index]
  }
  /// The people who report to `user`, in directory order.
  public func directReports(of user: DirectoryUser) -> [DirectoryUser] {
    guard let index = storage.index(ofId: user.id) else { return [] }
    return storage.reportIndexes(of: index).map { storage.users[$0] }
  }
  /// JPEG bytes of the person's photo, nil when they have none.
  public func photoJPEG(of user: DirectoryUser) -> Data? {
    user.hasPhoto ? PhotoPainter.jpeg(for: user) : nil
  }
  /// The side in pixels of `photoJPEG(of:)`.
  public static let photoSize = PhotoPainter.defaultSize
  /// The photo at another square size (Graph's `/photos/{size}` sizes are 48…648), nil when the
  /// person has none. Sizes are clamped to 8…648.
  public func photoJPEG(of user: DirectoryUser, size: Int) -> Data? {
    user.hasPhoto ? PhotoPainter.jpeg(for: user, size: min(648, max(8, size))) : nil
  }

  /// Applies `$search`, `$filter`, `$orderby` with Graph's rules (and refusals); returns every
  /// match in order. Paging (`$top`, `$skiptoken`) is the server's job.
  public func list(_ query: UserListQuery) throws(GraphQueryError) -> [DirectoryUser] {
    try UserQueryEngine(storage: storage).run(query).map { storage.users[$0] }
  }

  /// One page of `list(query)`: `limit` matches from `offset`, how many match in all, and the
  /// position after the page (where the next one starts). Only the page's people are made, so a
  /// million generated people cost no million copies.
  ///
  /// `after` is the last person the previous page served: the page starts behind them wherever
  /// they now stand, so people added or removed before them between pages shift nobody past the
  /// cursor (`offset` is the fallback when they have left).
  public func listPage(_ query: UserListQuery, offset: Int, after: String? = nil, limit: Int)
    throws(GraphQueryError) -> (users: [DirectoryUser], total: Int, end: Int)
  {
    let matches = try UserQueryEngine(storage: storage).run(query)
    var start = offset
    if let after, let position = storage.index(ofId: after), let found = matches.firstIndex(of: position) {
      start = found + 1
    }
    let page = matches.dropFirst(start).prefix(limit)
    return (page.map { storage.users[$0] }, matches.count, min(start, matches.count) + page.count)
  }
  /// Validates `$select` (unknown property → 400 like Graph) and returns the property names in order;
  /// nil `select` gives Graph's default property set.
  public func selectedProperties(_ select: String?) throws(GraphQueryError) -> [String] {
    try UserPropertyCatalog.selectedProperties(select)
  }
  /// A user as Graph renders it with `properties`; when `basicProfileOnly` (token with only
  /// User.ReadBasic.All), properties outside the basic profile are null.
  public func render(_ user: DirectoryUser, properties: [String], basicProfileOnly: Bool) -> JSONValue {
    UserPropertyCatalog.render(user, properties: properties, basicProfileOnly: basicProfileOnly)
  }
}
