import Foundation
import Hummingbird
import SandboxDirectory

/// The account-health reads besides sign-in logs (issue 33), each with the rule the client's
/// `HealthRequirement` states and Graph's pages give (PROTOCOL.md "Account health"):
/// - state properties on `/users` (User.Read.All or Directory.Read.All; the basic profile renders
///   them null);
/// - `signInActivity` in `$select`: AuditLog.Read.All and User.Read.All, a reports role, P1; by
///   object id only (a user name is Graph's 400); `/users` pages of at most 120;
/// - `/reports/authenticationMethods/userRegistrationDetails/{id}`: AuditLog.Read.All, Reports
///   Reader / Security Reader / Security Administrator, P1;
/// - `/users/{id}/licenseDetails`: LicenseAssignment.Read.All (User.Read.All, Directory.Read.All);
/// - `/users/{id}/registeredDevices|ownedDevices`: User.Read for oneself, User.Read.All or
///   Directory.Read.All for others.
/// Every check is made before anything is read, in the order Graph answers: permission, role, licence.
extension GraphEndpoints {
  /// `$top` with `signInActivity` is capped here (user-list, as the issue and peers.md quote it).
  static let signInActivityPageMax = 120

  static let signInActivityByName = GraphError(
    status: 400, code: "BadRequest", message: "Get By Key only supports UserId and the key has to be a valid Guid")

  func facts(_ user: DirectoryUser) -> AccountFacts {
    AccountFacts(user: user, seed: tenant.configuration.seed, now: tenant.now)
  }

  /// A user as `render` gives it, with the account facts the directory does not store filled in
  /// (unless the caller sees only the basic profile) and `signInActivity` when selected.
  func renderWithAccount(_ user: DirectoryUser, properties: [String], caller: GraphCaller) -> JSONValue {
    let basicOnly = caller.basicProfileOnly(for: user)
    let body = tenant.directory.render(user, properties: properties, basicProfileOnly: basicOnly)
    guard !basicOnly, case .object(let members) = body else { return body }
    let facts = facts(user)
    return .object(
      members.map { name, value in
        if name == "signInActivity" {
          return (
            name, facts.signInActivity(history: SignInHistory.entries(for: user, seed: facts.seed, now: facts.now))
          )
        }
        return (name, writtenStateValue(name, of: user) ?? facts.stateValue(name) ?? value)
      })
  }

  /// Whether `$select` names `signInActivity` (case-insensitive, as Graph reads it).
  static func selectsSignInActivity(_ request: IncomingRequest) -> Bool {
    (request.query["$select"] ?? "").split(separator: ",").contains {
      $0.trimmingCharacters(in: .whitespaces).lowercased() == "signinactivity"
    }
  }

  /// `signInActivity`'s gate: both permissions, then the role, then P1.
  func checkSignInActivity(_ caller: GraphCaller) throws(GraphError) {
    guard caller.permissions.contains("AuditLog.Read.All"), caller.canReadAllFull else { throw .accessDenied }
    try checkReportsRole(caller)
    try checkPremium()
  }

  func checkReportsRole(_ caller: GraphCaller) throws(GraphError) {
    let readers = tenant.configuration.reportsReaders ?? [tenant.directory.defaultUser.id]
    guard readers.contains(caller.user.id) else {
      throw GraphError(
        status: 403, code: "Authorization_RequestDenied",
        message: "Insufficient privileges to complete the operation. The user lacks a role that may read reports.")
    }
  }

  func checkPremium() throws(GraphError) {
    guard tenant.configuration.premium else {
      throw GraphError(
        status: 403, code: "Authentication_RequestFromNonPremiumTenantOrB2CTenant",
        message: "Neither tenant is B2C or tenant doesn't have premium license")
    }
  }

  /// `GET /reports/authenticationMethods/userRegistrationDetails/{id}` (the id, not a user name);
  /// without an id, the tenant's list (`GraphEndpoints+RegistrationReport`).
  func registrationDetails(_ segments: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError)
    -> Response
  {
    guard segments.count == 3 || segments.count == 4, segments[1].lowercased() == "authenticationmethods",
      segments[2].lowercased() == "userregistrationdetails"
    else { throw .badSegment(segments.last ?? "reports") }
    if segments.count == 3 { return try listRegistrationDetails(request, caller: caller) }
    guard caller.permissions.contains("AuditLog.Read.All") else { throw .accessDenied }
    try checkReportsRole(caller)
    try checkPremium()
    let id = Self.unwrapKey(segments[3])
    guard let user = tenant.directory.user(idOrUPN: id), user.id.lowercased() == id.lowercased() else {
      throw .notFound(id)
    }
    let context: JSONValue = .string(
      "\(request.base)/v1.0/$metadata#reports/authenticationMethods/userRegistrationDetails/$entity")
    guard case .object(let members) = facts(user).registrationDetails() else { throw .notFound(id) }
    return ok(.object([("@odata.context", context)] + members), request)
  }

  /// `licenseDetails` of one user; nil for other paths (a user's devices are the devices kind's).
  func accountRelation(
    _ target: DirectoryUser, _ path: [String], isSelf: Bool, request: IncomingRequest, caller: GraphCaller
  )
    throws(GraphError) -> Response?
  {
    guard path.count == 1 else { return nil }
    let values: [JSONValue]
    let context: String
    switch path[0] {
    case "licensedetails":
      let allowed: Set<String> = ["LicenseAssignment.Read.All", "User.Read.All", "Directory.Read.All"]
      guard isSelf || !caller.permissions.isDisjoint(with: allowed) else { throw .accessDenied }
      values = facts(target).licenseDetails()
      context = "users('\(target.id)')/licenseDetails"
    default:
      return nil
    }
    return ok(
      .object([("@odata.context", .string("\(request.base)/v1.0/$metadata#\(context)")), ("value", .array(values))]),
      request)
  }
}
