import Foundation

/// The permissions the tenant's own enterprise apps hold on Microsoft's APIs, so a client can
/// show what each app may do: none, delegated scopes an admin consented to for everyone
/// (`AllPrincipals`), scopes a few users consented to for themselves (`Principal`), application
/// permissions (app role assignments), or both. The first apps cycle through the cases so a small
/// tenant holds them all; each app draws from a stream of its own, as its credentials do.
extension AppGenerator {
  enum Consent: CaseIterable {
    case none, delegatedToAll, delegatedToSome, appRoles, appRolesAndDelegated
  }

  func permissions(for principals: [RegisteredServicePrincipal]) -> ([PermissionGrant], [AppRoleGrant]) {
    guard let graph = principals.first(where: { $0.appId == MicrosoftResources.graphAppId }) else { return ([], []) }
    let exchange = principals.first { $0.appId == MicrosoftResources.exchangeAppId }
    var grants: [PermissionGrant] = []
    var roles: [AppRoleGrant] = []
    let people = min(directory.users.count, DeviceGenerator.peopleWithDevices)
    for (position, client) in principals.enumerated() where client.appOwnerOrganizationId == tenantId {
      var random = stream(0x9E37_79B9_7F4A_7C15, position)
      let consent =
        position < Consent.allCases.count * 2
        ? Consent.allCases[position % Consent.allCases.count] : random.pick(Consent.allCases)
      func delegated(_ principalId: String?) {
        grants.append(
          PermissionGrant(
            id: Self.grantId(&random), clientId: client.id, principalId: principalId, resourceId: graph.id,
            scope: random.pick(MicrosoftResources.grantedScopes)))
      }
      func role(_ resource: RegisteredServicePrincipal, _ appRole: AppRole) {
        let created = now.addingTimeInterval(-Double(1 + random.below(900)) * 86_400).truncatedToSeconds
        roles.append(
          AppRoleGrant(
            id: Self.grantId(&random), appRoleId: appRole.id, principalId: client.id,
            principalDisplayName: client.displayName, resourceId: resource.id,
            resourceDisplayName: resource.displayName, createdDateTime: created))
      }
      switch consent {
      case .none: break
      case .delegatedToAll: delegated(nil)
      case .delegatedToSome:
        guard people > 0 else { break }
        var seen: Set<String> = []
        for _ in 0..<(1 + random.below(3)) {
          let user = directory.users[random.below(people)].id
          if seen.insert(user).inserted { delegated(user) }
        }
      case .appRoles, .appRolesAndDelegated:
        var held = MicrosoftResources.graphRoles
        for _ in 0..<(1 + random.below(2)) {
          role(graph, held.remove(at: random.below(held.count)))
        }
        if let exchange, random.chance(20) { role(exchange, random.pick(exchange.appRoles)) }
        if consent == .appRolesAndDelegated { delegated(nil) }
      }
    }
    return (grants, roles)
  }

  /// Graph's grant and assignment ids are 43 base64url characters (32 bytes, no padding), not GUIDs.
  static func grantId(_ random: inout SeededRandom) -> String {
    var bytes: [UInt8] = []
    for _ in 0..<4 { withUnsafeBytes(of: random.next().littleEndian) { bytes += $0 } }
    return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}

extension AppSet {
  /// The generated tenant's churn (`AppHistory`'s scheduled batches), drawn from the tenant's own
  /// generated apps (the later half, never the hostile names or the Build Agents' apps): ten
  /// minutes after `start` an app is renamed, another gets a new secret and an enterprise app is
  /// disabled; at twenty an app is deleted (soft: `"changed"`) and an enterprise app renamed; at
  /// thirty another app is deleted for good (`"deleted"`).
  public func scheduledChanges(seed: UInt64, start: Date) -> [AppChangeBatch] {
    let candidates = Array(applications.dropFirst(applications.count / 2))
    guard candidates.count >= 6 else { return [] }
    var random = SeededRandom(seed: seed ^ 0x5851_F42D_4C95_7F2D)
    var picked: [RegisteredApplication] = []
    while picked.count < 6 {
      let app = random.pick(candidates)
      if !picked.contains(where: { $0.id == app.id }) { picked.append(app) }
    }
    let principal = { (app: RegisteredApplication) in self.servicePrincipal(appId: app.appId)?.id ?? "" }
    let end = start.addingTimeInterval(730 * 86_400).truncatedToSeconds
    let secret = AppPasswordCredential(
      keyId: AppGenerator.guid(&random), displayName: "rotated", hint: "Rt~",
      startDateTime: start.truncatedToSeconds, endDateTime: end)
    let minute = 60.0
    return [
      AppChangeBatch(
        due: start.addingTimeInterval(10 * minute),
        edits: [
          .renameApplication(id: picked[0].id, displayName: "\(picked[0].displayName) (renamed)"),
          .addPassword(applicationId: picked[1].id, secret),
          .setServicePrincipalEnabled(id: principal(picked[2]), false),
        ]),
      AppChangeBatch(
        due: start.addingTimeInterval(20 * minute),
        edits: [
          .removeApplication(id: picked[3].id, permanent: false),
          .renameServicePrincipal(id: principal(picked[4]), displayName: "\(picked[4].displayName) (SSO)"),
        ]),
      AppChangeBatch(
        due: start.addingTimeInterval(30 * minute), edits: [.removeApplication(id: picked[5].id, permanent: true)]),
    ]
  }
}
