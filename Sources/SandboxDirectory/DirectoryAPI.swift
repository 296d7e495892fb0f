import Foundation

// CONTRACT between the SandboxDirectory target (people, generator, OData engine) and the Sandbox
// server. The bodies below are placeholders that the SandboxDirectory work replaces; the names
// and shapes are what the server codes against. Change them only together with the server.

/// A JSON value, so user objects can be rendered with Graph's exact nulls and property order.
public enum JSONValue: Sendable, Equatable, Codable {
  case null, bool(Bool), number(Double), string(String), array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.number(a), .number(b)): return a == b
    case let (.string(a), .string(b)): return a == b
    case let (.array(a), .array(b)): return a == b
    case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  public init(from decoder: any Decoder) throws { fatalError("SandboxDirectory: not built yet") }
  public func encode(to encoder: any Encoder) throws { fatalError("SandboxDirectory: not built yet") }
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
  public init(search: String? = nil, filter: String? = nil, orderby: String? = nil, select: String? = nil,
              count: String? = nil, consistencyLevelEventual: Bool = false) {
    self.search = search; self.filter = filter; self.orderby = orderby; self.select = select
    self.count = count; self.consistencyLevelEventual = consistencyLevelEventual
  }
}

/// A refusal in Graph's terms: the server turns it into `{"error":{"code":…,"message":…}}`.
public struct GraphQueryError: Error, Sendable, Equatable {
  public var status: Int  // 400 mostly
  public var code: String  // "Request_UnsupportedQuery", "BadRequest", "Request_BadRequest"
  public var message: String
  public init(status: Int, code: String, message: String) { self.status = status; self.code = code; self.message = message }
}

/// A people file that could not be loaded; `description` names the entry (index) and the field.
public struct PeopleFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// The whole organisation, immutable once built.
public final class Directory: Sendable {
  /// Deterministic generated organisation: same seed and size, same people.
  public static func generated(seed: UInt64 = 1, size: Int = 2000) -> Directory { fatalError("SandboxDirectory: not built yet") }
  /// Loads a JSON array of Graph user objects (+ `manager`: id or UPN).
  public static func load(peopleFile: URL) throws(PeopleFileError) -> Directory { fatalError("SandboxDirectory: not built yet") }

  /// Everyone, in a stable order.
  public var users: [DirectoryUser] { fatalError("SandboxDirectory: not built yet") }
  /// The person who signs in when no other user is chosen (the chief executive by default).
  public var defaultUser: DirectoryUser { fatalError("SandboxDirectory: not built yet") }
  /// By id or userPrincipalName (case-insensitive for UPN).
  public func user(idOrUPN: String) -> DirectoryUser? { fatalError("SandboxDirectory: not built yet") }
  public func manager(of user: DirectoryUser) -> DirectoryUser? { fatalError("SandboxDirectory: not built yet") }
  public func directReports(of user: DirectoryUser) -> [DirectoryUser] { fatalError("SandboxDirectory: not built yet") }
  /// JPEG bytes of the person's photo, nil when they have none.
  public func photoJPEG(of user: DirectoryUser) -> Data? { fatalError("SandboxDirectory: not built yet") }

  /// Applies `$search`, `$filter`, `$orderby` with Graph's rules (and refusals); returns every
  /// match in order. Paging (`$top`, `$skiptoken`) is the server's job.
  public func list(_ query: UserListQuery) throws(GraphQueryError) -> [DirectoryUser] { fatalError("SandboxDirectory: not built yet") }
  /// Validates `$select` (unknown property → 400 like Graph) and returns the property names in order;
  /// nil `select` gives Graph's default property set.
  public func selectedProperties(_ select: String?) throws(GraphQueryError) -> [String] { fatalError("SandboxDirectory: not built yet") }
  /// A user as Graph renders it with `properties`; when `basicProfileOnly` (token with only
  /// User.ReadBasic.All), properties outside the basic profile are null.
  public func render(_ user: DirectoryUser, properties: [String], basicProfileOnly: Bool) -> JSONValue { fatalError("SandboxDirectory: not built yet") }
}
