import Foundation
import RosterCore
import Transport

/// The reads a write starts from: the person (and group) exactly, with the facts that decide what
/// Graph will allow (guest state, sync, dynamic membership). Text is cleaned where it is decoded.
struct WriteLookups: Sendable {
  let directory: GraphDirectory

  static let personFields = [
    "id", "displayName", "userPrincipalName", "mail", "userType", "externalUserState", "accountEnabled",
    "onPremisesSyncEnabled",
  ]
  static let groupFields = [
    "id", "displayName", "mail", "groupTypes", "onPremisesSyncEnabled", "isAssignableToRole",
  ]
  /// `accountEnabled` and `onPremisesSyncEnabled` are not in User.ReadBasic.All's set (user-get).
  static let personPermission = "User.Read.All"
  static let groupPermission = "GroupMember.Read.All"

  func person(_ argument: WriteTargetArgument, onRetry: @escaping DirectoryWrites.OnRetry)
    async throws(DirectoryError) -> WritePerson
  {
    let select = ODataText.queryString([("$select", Self.personFields.joined(separator: ","))])
    switch argument {
    case .objectId(let id), .userName(let id):
      do throws(DirectoryError) {
        let body = try await get(directory.userPath(id) + "?" + select, Self.personPermission, onRetry)
        guard let person = Self.person(try Self.object(body)) else { throw DirectoryError.notFound }
        return person
      } catch {
        guard case .notFound = error, case .userName(let address) = argument else { throw error }
        // A mail address that is not the user name: the one person whose `mail` it is.
        let found = try await filtered("mail eq " + ODataText.filterLiteral(address), onRetry: onRetry)
        guard found.count == 1, let only = found.first else { throw .notFound }
        return only
      }
    case .displayName:
      throw .unsupportedQuery("A display name does not name one person exactly; give an object id or user name.")
    }
  }

  func peopleNamed(_ name: String, onRetry: @escaping DirectoryWrites.OnRetry) async throws(DirectoryError)
    -> [WritePerson]
  {
    try await filtered("displayName eq " + ODataText.filterLiteral(name), onRetry: onRetry)
  }

  func group(_ argument: String, onRetry: @escaping DirectoryWrites.OnRetry) async throws(DirectoryError)
    -> WriteGroup
  {
    let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines)
    let select = ("$select", Self.groupFields.joined(separator: ","))
    if UUID(uuidString: trimmed) != nil {
      let body = try await get(
        "/groups/" + PercentEncoding.encode(trimmed.lowercased()) + "?" + ODataText.queryString([select]),
        Self.groupPermission, onRetry)
      guard let group = Self.group(try Self.object(body)) else { throw .notFound }
      return group
    }
    let literal = ODataText.filterLiteral(trimmed)
    let query = ODataText.queryString([
      ("$filter", "mail eq \(literal) or displayName eq \(literal)"), select, ("$top", "10"),
    ])
    let page = try ODataCollection(try await get("/groups?" + query, Self.groupPermission, onRetry))
    let groups = page.objects.compactMap(Self.group)
    guard let first = groups.first else { throw .notFound }
    guard groups.count == 1 else {
      let ids = groups.map { "\($0.displayName ?? "(no name)") \($0.id)" }.joined(separator: "; ")
      throw .unsupportedQuery("\(groups.count) groups are named “\(trimmed)”: \(ids). Give the object id of one.")
    }
    return first
  }

  private func filtered(_ filter: String, onRetry: @escaping DirectoryWrites.OnRetry) async throws(DirectoryError)
    -> [WritePerson]
  {
    let query = ODataText.queryString([
      ("$filter", filter), ("$select", Self.personFields.joined(separator: ",")), ("$top", "10"),
    ])
    let page = try ODataCollection(try await get("/users?" + query, Self.personPermission, onRetry))
    return page.objects.compactMap(Self.person)
  }

  private func get(_ path: String, _ permission: String, _ onRetry: @escaping DirectoryWrites.OnRetry)
    async throws(DirectoryError) -> Data
  {
    try await directory.executor.get(try directory.url(path), permission: permission, onRetry: onRetry).body
  }

  static func object(_ data: Data) throws(DirectoryError) -> [String: Any] {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw .malformedResponse("Microsoft Graph's answer was not a JSON object.")
    }
    return object
  }

  static func person(_ object: [String: Any]) -> WritePerson? {
    guard let id = text(object["id"]), let upn = text(object["userPrincipalName"]) else { return nil }
    return WritePerson(
      id: id, userPrincipalName: upn, displayName: text(object["displayName"]), mail: text(object["mail"]),
      userType: text(object["userType"]), externalUserState: text(object["externalUserState"]),
      accountEnabled: object["accountEnabled"] as? Bool, onPremisesSyncEnabled: object["onPremisesSyncEnabled"] as? Bool
    )
  }

  static func group(_ object: [String: Any]) -> WriteGroup? {
    guard let id = text(object["id"]) else { return nil }
    return WriteGroup(
      id: id, displayName: text(object["displayName"]), mail: text(object["mail"]),
      groupTypes: (object["groupTypes"] as? [Any])?.compactMap(text) ?? [],
      onPremisesSyncEnabled: object["onPremisesSyncEnabled"] as? Bool,
      isAssignableToRole: object["isAssignableToRole"] as? Bool)
  }

  private static func text(_ value: Any?) -> String? {
    guard let string = value as? String, !string.isEmpty else { return nil }
    return CleanText(string).string
  }
}
