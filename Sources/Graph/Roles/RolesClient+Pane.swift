import Foundation
import RosterCore

extension RolesClient {
  /// One person's roles for the pane's Account section (issue 43), read as `roster show --roles`
  /// reads them: their own assignments and eligibility (`principalId eq`), and the roles of the
  /// groups they are in; each part Graph refused keeps the client's sentence.
  public func personRoles(id: String, onRetry: @escaping OnRetry) async -> PersonRoles {
    // Without names the roles are still listed, by template id.
    let known = (try? await definitions(onRetry)) ?? []
    let listing = await holdings(RoleQuery(known: known, principalId: id), onRetry)
    let roles = listing.holdings.filter { $0.principal.id.lowercased() == id.lowercased() }.map { holding in
      let how: PersonRoles.How =
        switch holding.how {
        case .direct: .direct
        case .throughGroup(let group): .throughGroup(group)
        case .eligible(let until): .eligible(until: until)
        }
      return PersonRoles.Role(name: holding.role.displayName, how: how)
    }
    return PersonRoles(roles: roles, refusals: listing.failures.map(\.sentence))
  }

  /// The closure `HealthClient.roles` takes.
  public var forPane: @Sendable (String, @escaping OnRetry) async -> PersonRoles {
    let client = self
    return { id, onRetry in await client.personRoles(id: id, onRetry: onRetry) }
  }
}
