import Foundation

// CONTRACT between the SandboxDirectory target (people, generator, OData engine) and the Sandbox
// server. The bodies below are placeholders that the SandboxDirectory work replaces; the names
// and shapes are what the server codes against. Change them only together with the server.

/// A JSON value, so user objects can be rendered with Graph's exact nulls and property order.
public enum JSONValue: Sendable, Equatable, Codable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  public init(from decoder: any Decoder) throws { self = try JSONValue.decoded(from: decoder) }
  public func encode(to encoder: any Encoder) throws { try encodeValue(to: encoder) }
}

/// One directory user with Graph v1.0 property names.
public struct DirectoryUser: Sendable, Equatable, Codable {
  public var id: String
  public var displayName: String?
  public var givenName: String?
  public var surname: String?
  public var mail: String?
  public var userPrincipalName: String
  public var mailNickname: String?
  public var jobTitle: String?
  public var department: String?
  public var companyName: String?
  public var officeLocation: String?
  public var city: String?
  public var country: String?
  public var usageLocation: String?
  public var preferredLanguage: String?
  public var employeeId: String?
  public var businessPhones: [String]
  public var mobilePhone: String?
  public var userType: String?  // "Member" or "Guest"
  public var accountEnabled: Bool
  /// The manager's `id`, nil for the top of the tree and for people without a manager.
  public var managerId: String?
  /// Whether the person has a photo (generated on request from `id`).
  public var hasPhoto: Bool
}

/// Parameters of `GET /users` as received (raw, still OData text), plus the headers that matter.
public struct UserListQuery: Sendable, Equatable {
  public var search: String?
  public var filter: String?
  public var orderby: String?
  public var select: String?
  public var count: String?  // "true" / "false" / other (refused)
  public var consistencyLevelEventual: Bool
  public init(
    search: String? = nil, filter: String? = nil, orderby: String? = nil, select: String? = nil,
    count: String? = nil, consistencyLevelEventual: Bool = false
  ) {
    self.search = search
    self.filter = filter
    self.orderby = orderby
    self.select = select
    self.count = count
    self.consistencyLevelEventual = consistencyLevelEventual
  }
}

/// A refusal in Graph's terms: the server turns it into `{"error":{"code":…,"message":…}}`.
public struct GraphQueryError: Error, Sendable, Equatable {
  public var status: Int  // 400 mostly
  public var code: String  // "Request_UnsupportedQuery", "BadRequest", "Request_BadRequest"
  public var message: String
  public init(status: Int, code: String, message: String) {
    self.status = status
    self.code = code
    self.message = message
  }
}

/// A people file that could not be loaded; `description` names the entry (index) and the field.
public struct PeopleFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// The whole organisation, immutable once built.
///
/// Everything a query needs (folded names, search tokens, sort ranks, lookup tables) is computed
/// once in `init`, so `list` over 200,000 people only compares precomputed strings.
public final class Directory: Sendable {
  /// The tenant domain of generated user principal names (and of derived ones in people files).
  public static let defaultDomain = "contoso.onmicrosoft.com"

  let storage: DirectoryStorage

  /// A directory of exactly these people, in this order (for tests and embedders). `managerId`s
  /// that name nobody are treated as no manager. `users` must not be empty; `defaultUserIndex` is
  /// clamped into range.
  public init(users: [DirectoryUser], defaultUserIndex: Int = 0) {
    precondition(!users.isEmpty, "a directory needs at least one user")
    storage = DirectoryStorage(users: users, defaultUserIndex: min(max(0, defaultUserIndex), users.count - 1))
  }

  /// Deterministic generated organisation: same seed and size, same people.
  /// Repeated calls with the same arguments share one instance (it is immutable).
  public static func generated(seed: UInt64 = 1, size: Int = 2000) -> Directory {
    GeneratedDirectoryCache.shared.directory(seed: seed, size: size) {
      Directory(users: OrganisationGenerator(seed: seed, size: size).makeUsers(), defaultUserIndex: 0)
    }
  }
  /// Loads a JSON array of Graph user objects (+ `manager`: id or UPN).
  public static func load(peopleFile: URL) throws(PeopleFileError) -> Directory {
    let loaded = try PeopleFileLoader.load(url: peopleFile)
    return Directory(users: loaded, defaultUserIndex: 0)
  }

  /// Like `load(peopleFile:)`, from the file's contents.
  public static func load(peopleJSON data: Data) throws(PeopleFileError) -> Directory {
    Directory(users: try PeopleFileLoader.users(from: data), defaultUserIndex: 0)
  }

  /// Everyone, in a stable order.
  public var users: [DirectoryUser] { storage.users }
  /// The person who signs in when no other user is chosen (the chief executive by default).
  public var defaultUser: DirectoryUser { storage.users[storage.defaultUserIndex] }
  /// By id or userPrincipalName (case-insensitive for UPN).
  public func user(idOrUPN: String) -> DirectoryUser? {
    storage.index(ofIdOrUPN: idOrUPN).map { storage.users[$0] }
  }
  /// The person `user` reports to, nil at the top of the tree and for people without a manager.
  public func manager(of user: DirectoryUser) -> DirectoryUser? {
    guard let managerId = user.managerId, let index = storage.indexById[managerId] else { return nil }
    return storage.users[index]
  }
  /// The people who report to `user`, in directory order.
  public func directReports(of user: DirectoryUser) -> [DirectoryUser] {
    guard let index = storage.indexById[user.id] else { return [] }
    return storage.reportIndexes[index].map { storage.users[$0] }
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
