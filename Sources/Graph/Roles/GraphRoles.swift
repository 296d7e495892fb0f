import Foundation
import RosterCore
import Transport

/// The role requests: definitions, active assignments (`$expand=principal`), PIM eligibility
/// instances, and the members of each group that holds a role. Each part fails on its own, so a
/// tenant without Entra ID P2 still lists who holds a role actively.
struct GraphRoles: Sendable {
  typealias OnRetry = @Sendable (RetryNotice) -> Void
  let directory: GraphDirectory

  static let assignmentsPermission = "RoleManagement.Read.Directory"
  static let eligibilityPermission = "RoleEligibilitySchedule.Read.Directory"
  static let membersPermission = "GroupMember.Read.All"

  func definitions(onRetry: @escaping OnRetry) async throws(DirectoryError) -> [RoleDefinition] {
    var all: [RoleDefinition] = []
    let path = "/roleManagement/directory/roleDefinitions?" + ODataText.queryString([("$select", "id,displayName")])
    try await directory.everyPage(
      from: try directory.url(path), maxPages: RolesClient.maxPages, limit: .fail(what: "role definitions"),
      fetch: { url throws(DirectoryError) in
        try await directory.executor.get(url, permission: Self.assignmentsPermission, onRetry: onRetry).body
      },
      read: { body throws(DirectoryError) in
        let page = try RolesDecoding.definitions(body)
        all += page.roles
        return page.nextLink
      })
    return all.sorted { $0.displayName.string.localizedStandardCompare($1.displayName.string) == .orderedAscending }
  }

  func holdings(_ query: RoleQuery, onRetry: @escaping OnRetry) async -> RoleListing {
    let names = Dictionary(query.known.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    func role(_ id: String) -> RoleDefinition {
      names[id.lowercased()] ?? RoleDefinition(id: id, displayName: CleanText(id))
    }
    var holdings: [RoleHolding] = []
    var failures: [RoleListing.Failure] = []
    do {
      let active = try await grants(eligible: false, query, onRetry: onRetry)
      for grant in active {
        holdings.append(RoleHolding(role: role(grant.roleDefinitionId), principal: grant.principal, how: .direct))
      }
      // A group holds a role for its members: list each group's members once, as holding it through the group.
      // For one person, every group that holds a role is read, and the person kept if a member.
      var groupGrants = active.filter { $0.principal.kind == .group }
      if query.principalId != nil {
        var wide = query
        wide.principalId = nil
        groupGrants = try await grants(eligible: false, wide, onRetry: onRetry).filter { $0.principal.kind == .group }
      }
      var seen: [String: [RoleHolding.Principal]] = [:]
      for grant in groupGrants {
        let group = grant.principal
        let name = group.displayName ?? CleanText(group.id)
        if seen[group.id] == nil {
          do {
            seen[group.id] = try await members(of: group.id, onRetry: onRetry)
          } catch {
            seen[group.id] = []
            failures.append(.init(part: .groupMembers(name), error: error, sentence: Self.membersSentence(name, error)))
          }
        }
        for member in seen[group.id] ?? []
        where query.principalId.map({ $0.lowercased() == member.id.lowercased() }) ?? true {
          holdings.append(RoleHolding(role: role(grant.roleDefinitionId), principal: member, how: .throughGroup(name)))
        }
      }
    } catch {
      failures.append(.init(part: .assignments, error: error, sentence: Self.sentence(.assignments, error)))
    }
    do {
      for grant in try await grants(eligible: true, query, onRetry: onRetry) {
        holdings.append(
          RoleHolding(
            role: role(grant.roleDefinitionId), principal: grant.principal, how: .eligible(until: grant.endDateTime)))
      }
    } catch {
      failures.append(.init(part: .eligibility, error: error, sentence: Self.sentence(.eligibility, error)))
    }
    return RoleListing(holdings: holdings.sorted(by: Self.order), failures: failures)
  }

  /// Every page of assignments or eligibility instances, one request per role asked for (Graph's
  /// `$filter` takes one `roleDefinitionId`), each with its principal expanded.
  func grants(eligible: Bool, _ query: RoleQuery, onRetry: @escaping OnRetry) async throws(DirectoryError)
    -> [RolesDecoding.Grant]
  {
    let collection = eligible ? "roleEligibilityScheduleInstances" : "roleAssignments"
    let permission = eligible ? Self.eligibilityPermission : Self.assignmentsPermission
    var filters: [String?] = query.only.map { $0.map { "roleDefinitionId eq " + ODataText.filterLiteral($0) } } ?? [nil]
    if let principal = query.principalId {
      let clause = "principalId eq " + ODataText.filterLiteral(principal)
      filters = filters.map { $0.map { $0 + " and " + clause } ?? clause }
    }
    var all: [RolesDecoding.Grant] = []
    for filter in filters {
      var options = [("$expand", "principal")]
      if let filter { options.append(("$filter", filter)) }
      let path = "/roleManagement/directory/\(collection)?" + ODataText.queryString(options)
      try await directory.everyPage(
        from: try directory.url(path), maxPages: RolesClient.maxPages, limit: .fail(what: "role members"),
        fetch: { url throws(DirectoryError) in
          try await directory.executor.get(url, permission: permission, onRetry: onRetry).body
        },
        read: { body throws(DirectoryError) in
          let page = try RolesDecoding.grants(body, eligible: eligible)
          all += page.grants
          return page.nextLink
        })
    }
    return all
  }

  func members(of groupId: String, onRetry: @escaping OnRetry) async throws(DirectoryError)
    -> [RoleHolding.Principal]
  {
    var all: [RoleHolding.Principal] = []
    let options = [("$select", "id,displayName,userPrincipalName,mail,appId"), ("$top", "999")]
    let path = "/groups/\(PercentEncoding.encode(groupId))/members?" + ODataText.queryString(options)
    try await directory.everyPage(
      from: try directory.url(path), maxPages: RolesClient.maxPages, limit: .fail(what: "group members"),
      fetch: { url throws(DirectoryError) in
        try await directory.executor.get(url, permission: Self.membersPermission, onRetry: onRetry).body
      },
      read: { body throws(DirectoryError) in
        let page = try RolesDecoding.members(body)
        all += page.members
        return page.nextLink
      })
    return all
  }

  /// By role name, then direct before through a group before eligible, then by name.
  static func order(_ left: RoleHolding, _ right: RoleHolding) -> Bool {
    func rank(_ how: RoleHolding.How) -> Int {
      switch how {
      case .direct: 0
      case .throughGroup: 1
      case .eligible: 2
      }
    }
    let roles = left.role.displayName.string.localizedStandardCompare(right.role.displayName.string)
    if roles != .orderedSame { return roles == .orderedAscending }
    if rank(left.how) != rank(right.how) { return rank(left.how) < rank(right.how) }
    let leftName = left.principal.displayName?.string ?? left.principal.id
    let rightName = right.principal.displayName?.string ?? right.principal.id
    return leftName.localizedStandardCompare(rightName) == .orderedAscending
  }

  /// Whether Graph refused eligibility for want of Entra ID P2 (400 `AadPremiumLicenseRequired`).
  static func isP2Refusal(_ error: DirectoryError) -> Bool {
    if case .service(_, let code, let message) = error {
      return code == "AadPremiumLicenseRequired" || message.contains("AAD Premium 2")
    }
    return false
  }

  static func sentence(_ part: RoleListing.Part, _ error: DirectoryError) -> String {
    switch part {
    case .eligibility where isP2Refusal(error):
      return "Eligible (PIM) members are not listed: the tenant has no Microsoft Entra ID P2, which Privileged "
        + "Identity Management needs."
    case .eligibility:
      if case .permissionDenied = error {
        return "Eligible (PIM) members are not listed: Microsoft Graph refused — reading them needs "
          + "RoleEligibilitySchedule.Read.Directory (or RoleManagement.Read.Directory) and a directory role such as "
          + "Global Reader or Security Reader."
      }
      return "Eligible (PIM) members are not listed."
    case .assignments:
      if case .permissionDenied = error {
        return "Active role members are not listed: Microsoft Graph refused — reading them needs "
          + "RoleManagement.Read.Directory (or Directory.Read.All) and a directory role such as Global Reader or "
          + "Directory Readers."
      }
      return "Active role members are not listed."
    case .groupMembers(let name):
      return membersSentence(name, error)
    }
  }

  static func membersSentence(_ name: CleanText, _ error: DirectoryError) -> String {
    if case .permissionDenied = error {
      return "Members of the group \(name.string) are not listed: reading them needs GroupMember.Read.All."
    }
    return "Members of the group \(name.string) are not listed."
  }
}
