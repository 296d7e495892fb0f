import Foundation
import SandboxDirectory

/// A second sandbox tenant ("Fabrikam") in which the first tenant's default user is a guest
/// (`userType: Guest`, UPN `name_contoso.onmicrosoft.com#EXT#@fabrikam.onmicrosoft.com`): its own
/// tenant id, signing key, directory, tokens and Graph, served on a port of its own, so one
/// person signed in to both holds two accounts (issue 21).
extension SandboxServer {
  /// Fixed so a client configured once keeps working across restarts.
  public static let secondTenantId = "8e2d4b7a-1c3f-4a5e-9b6d-2f0c7e1a3d55"
  public static let secondTenantDomain = "fabrikam.onmicrosoft.com"

  /// Starts the second tenant beside `home` (same settings: latency, approval, token lifetimes).
  public static func startSecondTenant(_ configuration: SandboxConfiguration, home: RunningSandbox) async throws
    -> RunningSandbox
  {
    let homeDirectory =
      home.tenant?.directory ?? Directory.generated(seed: configuration.seed, size: configuration.size)
    var second = configuration
    second.port = 0
    second.tenantId = secondTenantId
    second.peopleFile = nil
    second.dataDirectory = nil
    second.directory = guestDirectory(home: homeDirectory.defaultUser, seed: configuration.seed &+ 101)
    return try await start(second)
  }

  /// A smaller generated organisation under Fabrikam's domain, with `home` invited as a guest and
  /// listed first (so device codes approve as the guest by default).
  static func guestDirectory(home: DirectoryUser, seed: UInt64) -> Directory {
    let domain = Directory.defaultDomain
    let moved = Directory.generated(seed: seed, size: 300).users.map { user -> DirectoryUser in
      var user = user
      user.userPrincipalName = user.userPrincipalName.replacingOccurrences(of: domain, with: secondTenantDomain)
      user.mail = user.mail?.replacingOccurrences(of: domain, with: secondTenantDomain)
      user.companyName = user.userType == "Guest" ? user.companyName : "Fabrikam"
      return user
    }
    var guest = home
    let homeName = home.userPrincipalName.replacingOccurrences(of: "@", with: "_")
    guest.id = "9f0e" + String(home.id.dropFirst(4))
    guest.userPrincipalName = "\(homeName)#EXT#@\(secondTenantDomain)"
    guest.mailNickname = "\(homeName)#EXT#"
    guest.mail = home.mail ?? home.userPrincipalName
    guest.userType = "Guest"
    guest.managerId = nil
    guest.jobTitle = nil
    guest.department = nil
    guest.officeLocation = nil
    guest.businessPhones = []
    guest.mobilePhone = nil
    return Directory(users: [guest] + moved, defaultUserIndex: 0)
  }
}
