import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /roleManagement/directory/roleDefinitions`, `…/roleAssignments` and
/// `…/roleEligibilityScheduleInstances` with Graph's rules (PROTOCOL.md "Directory roles"):
/// RoleManagement.Read.Directory or a permission above it (eligibility also takes
/// RoleEligibilitySchedule.Read.Directory), a role that may read them for assignments and
/// eligibility, and Entra ID P2 for eligibility (Graph's 400 `AadPremiumLicenseRequired`
/// otherwise); `$filter` on `roleDefinitionId` and `principalId` (`eq`, joined by `and`),
/// `$expand=principal`, `$top` and next links as every sandbox list pages.
extension GraphEndpoints {
  static let roleReadPermissions: Set<String> = [
    "RoleManagement.Read.Directory", "RoleManagement.Read.All", "RoleManagement.ReadWrite.Directory",
    "Directory.Read.All", "Directory.ReadWrite.All",
  ]
  static let eligibilityReadPermissions: Set<String> = [
    "RoleEligibilitySchedule.Read.Directory", "RoleEligibilitySchedule.ReadWrite.Directory",
    "RoleManagement.Read.Directory", "RoleManagement.Read.All", "RoleManagement.ReadWrite.Directory",
  ]

  static let premiumP2Required = GraphError(
    status: 400, code: "AadPremiumLicenseRequired", message: "The tenant needs an AAD Premium 2 license.")

  func roleGrants() -> [RoleGrant] {
    RoleGrants.grants(
      directory: tenant.directory, seed: tenant.configuration.seed, readers: tenant.configuration.reportsReaders,
      now: tenant.now) + operatorGrants()
  }

  func roleManagement(_ segments: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError)
    -> Response
  {
    guard segments.count == 3, segments[1].lowercased() == "directory" else {
      throw .badSegment(segments.last ?? "roleManagement")
    }
    let base = "roleManagement/directory/"
    switch segments[2].lowercased() {
    case "roledefinitions":
      guard !caller.permissions.isDisjoint(with: Self.roleReadPermissions) else { throw .accessDenied }
      let filter = try RoleFilter(request.query["$filter"], allowed: ["id", "templateid", "displayname"])
      let roles = RoleCatalog.roles.filter {
        filter.matches(["id": $0.id, "templateid": $0.id, "displayname": $0.displayName])
      }
      return try collectionPage(
        roles, entitySet: base + "roleDefinitions", request: request, render: Self.definitionJSON)
    case "roleassignments":
      guard !caller.permissions.isDisjoint(with: Self.roleReadPermissions) else { throw .accessDenied }
      let grants = roleGrants()
      try checkHolds(RoleCatalog.assignmentReaders, caller: caller, grants: grants)
      return try listGrants(grants.filter { $0.kind == .active }, entitySet: base + "roleAssignments", request: request)
    case "roleeligibilityscheduleinstances":
      guard !caller.permissions.isDisjoint(with: Self.eligibilityReadPermissions) else { throw .accessDenied }
      let grants = roleGrants()
      try checkHolds(RoleCatalog.eligibilityReaders, caller: caller, grants: grants)
      guard tenant.configuration.premiumP2 else { throw Self.premiumP2Required }
      let eligible = grants.filter { $0.kind != .active }
      return try listGrants(eligible, entitySet: base + "roleEligibilityScheduleInstances", request: request)
    default:
      throw .badSegment(segments[2])
    }
  }

  /// The signed-in person must actively hold one of `roles`, directly or through a group; Graph
  /// says the same words as for a missing permission.
  private func checkHolds(_ roles: Set<String>, caller: GraphCaller, grants: [RoleGrant]) throws(GraphError) {
    let directory = tenant.directory
    let callerRef = directory.userIndex(id: caller.user.id).map { DirectoryObjectRef.user(Int32($0)) }
    let holds = grants.contains { grant in
      guard grant.kind == .active, roles.contains(grant.roleId) else { return false }
      if grant.principalId == caller.user.id { return true }
      guard case .group(let index) = grant.principal, let callerRef else { return false }
      return directory.members(ofGroup: Int(index)).contains(callerRef)
    }
    guard holds else { throw .accessDenied }
  }

  private func listGrants(_ grants: [RoleGrant], entitySet: String, request: IncomingRequest) throws(GraphError)
    -> Response
  {
    let filter = try RoleFilter(request.query["$filter"], allowed: ["roledefinitionid", "principalid"])
    let expand = try Self.expandsPrincipal(request.query["$expand"])
    let matches = grants.filter { filter.matches(["roledefinitionid": $0.roleId, "principalid": $0.principalId]) }
    return try collectionPage(matches, entitySet: entitySet, request: request) { grant in
      grantJSON(grant, expand: expand)
    }
  }

  /// `$expand=principal` (also `roleDefinition`, which the sandbox renders too); anything else is 400.
  static func expandsPrincipal(_ text: String?) throws(GraphError) -> (principal: Bool, definition: Bool) {
    guard let text, !text.isEmpty else { return (false, false) }
    var result = (principal: false, definition: false)
    for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
      switch name {
      case "principal": result.principal = true
      case "roledefinition": result.definition = true
      default:
        throw GraphError(
          status: 400, code: "BadRequest",
          message: "Could not find a property named '\(name)' on type 'microsoft.graph.unifiedRoleAssignment'.")
      }
    }
    return result
  }

  func grantJSON(_ grant: RoleGrant, expand: (principal: Bool, definition: Bool)) -> JSONValue {
    var members: [(String, JSONValue)] = [("id", .string(grant.id))]
    if case .eligible(let start, let end) = grant.kind {
      members += [
        ("principalId", .string(grant.principalId)), ("roleDefinitionId", .string(grant.roleId)),
        ("directoryScopeId", .string("/")), ("appScopeId", .null),
        ("startDateTime", .string(Self.dateFormat(start) + "Z")),
        ("endDateTime", end.map { .string(Self.dateFormat($0) + "Z") } ?? .null),
        ("memberType", .string("Direct")), ("roleEligibilityScheduleId", .string(Self.scheduleId(grant))),
      ]
    } else {
      members += [
        ("directoryScopeId", .string("/")), ("principalId", .string(grant.principalId)),
        ("roleDefinitionId", .string(grant.roleId)),
      ]
    }
    if expand.principal { members.append(("principal", principalJSON(grant.principal))) }
    if expand.definition, let role = RoleCatalog.role(id: grant.roleId) {
      members.append(("roleDefinition", Self.definitionJSON(role)))
    }
    return .object(members)
  }

  /// A principal as Graph expands it: the directory object with its `@odata.type`.
  func principalJSON(_ principal: DirectoryObjectRef) -> JSONValue {
    let directory = tenant.directory
    let type = ("@odata.type", JSONValue.string(principal.odataType))
    switch principal {
    case .user(let index):
      let properties = (try? directory.selectedProperties(nil)) ?? ["id", "displayName", "userPrincipalName"]
      guard
        case .object(let members) = directory.render(
          directory.users[Int(index)], properties: properties, basicProfileOnly: false)
      else { return .null }
      return .object([type] + members)
    case .group(let index):
      let properties = (try? directory.selectedGroupProperties(nil)) ?? ["id", "displayName"]
      guard case .object(let members) = directory.render(group: directory.groups[Int(index)], properties: properties)
      else { return .null }
      var shown = members.map { $0.0 == "isAssignableToRole" ? ($0.0, JSONValue.bool(true)) : $0 }
      if !shown.contains(where: { $0.0 == "isAssignableToRole" }) { shown.append(("isAssignableToRole", .bool(true))) }
      return .object([type] + shown)
    default:
      return .object([type] + directory.renderNonPerson(principal))
    }
  }

  static func definitionJSON(_ role: RoleCatalog.Role) -> JSONValue {
    .object([
      ("id", .string(role.id)), ("description", .string(role.description)),
      ("displayName", .string(role.displayName)), ("isBuiltIn", .bool(true)), ("isEnabled", .bool(true)),
      ("isPrivileged", .bool(role.isPrivileged)), ("resourceScopes", .array([.string("/")])),
      ("templateId", .string(role.id)), ("version", .string("1")), ("rolePermissions", .array([])),
    ])
  }

  /// A GUID for the eligibility schedule an instance comes from, fixed by the grant.
  static func scheduleId(_ grant: RoleGrant) -> String {
    var random = SeededRandom(
      seed: UInt64(
        truncatingIfNeeded: (grant.roleId + grant.principalId).utf8.reduce(5381) {
          ($0 &* 33) &+ Int($1)
        }))
    let high = random.next()
    let low = random.next()
    let hex = String(format: "%016llx%016llx", high, low)
    let chars = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }.joined(separator: "-")
  }
}

/// The role `$filter` forms answered here: `name eq 'value'` clauses joined by `and`, on the
/// properties `allowed`; anything else is Graph's 400 rather than a guess.
struct RoleFilter {
  var clauses: [(String, String)] = []

  init(_ text: String?, allowed: Set<String>) throws(GraphError) {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    for clause in text.components(separatedBy: " and ") {
      let trimmed = clause.trimmingCharacters(in: .whitespaces)
      let parts = trimmed.split(separator: " ", maxSplits: 2).map(String.init)
      guard parts.count == 3, parts[1].lowercased() == "eq", allowed.contains(parts[0].lowercased()),
        parts[2].hasPrefix("'"), parts[2].hasSuffix("'"), parts[2].count >= 2
      else {
        throw GraphError(status: 400, code: "BadRequest", message: "Invalid filter clause")
      }
      let literal = String(parts[2].dropFirst().dropLast())
      guard !literal.replacingOccurrences(of: "''", with: "").contains("'") else {
        throw GraphError(status: 400, code: "BadRequest", message: "Invalid filter clause")
      }
      clauses.append((parts[0].lowercased(), literal.replacingOccurrences(of: "''", with: "'")))
    }
  }

  func matches(_ values: [String: String]) -> Bool {
    clauses.allSatisfy { name, value in values[name]?.lowercased() == value.lowercased() }
  }
}
