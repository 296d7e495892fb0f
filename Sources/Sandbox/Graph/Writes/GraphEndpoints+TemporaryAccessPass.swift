import Foundation
import Hummingbird
import SandboxDirectory

/// `POST /users/{id}/authentication/temporaryAccessPassMethods` (authentication-post-temporaryaccesspassmethods):
/// UserAuthMethod-TAP.ReadWrite.All or UserAuthenticationMethod.ReadWrite.All; the tenant's policy
/// must enable the method (Graph's 400 otherwise); `lifetimeInMinutes` within the default policy's
/// 60–480 (temporaryAccessPassAuthenticationMethodConfiguration); 201 with the pass, shown only in
/// this answer and never kept. A new pass replaces the user's current one, as Graph's page says.
extension GraphEndpoints {
  static let passPermissions: Set<String> = [
    "UserAuthMethod-TAP.ReadWrite.All", "UserAuthenticationMethod.ReadWrite.All",
  ]

  /// The default Temporary Access Pass policy: lifetime 60 (default) within 60…480 minutes, 8 characters.
  static let passLifetimes = (minimum: 60, maximum: 480, standard: 60)
  static let passLength = 8

  static let passPolicyDisabled = GraphError(
    status: 400, code: "badRequest",
    message:
      "Converged UserCredentialPolicy does not allow creating or updating this authentication method. AuthMethodType [TemporaryAccessPass]."
  )

  func createPass(_ key: String, request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard !caller.permissions.isDisjoint(with: Self.passPermissions) else { throw .accessDenied }
    let target = try writeTarget(key)
    let body = try Self.jsonObject(request, optional: true)
    try checkRole(.temporaryAccessPass, caller: caller, target: target)
    guard tenant.configuration.temporaryAccessPass else { throw Self.passPolicyDisabled }
    let now = tenant.now.wholeSeconds
    var start = now
    var lifetime = Self.passLifetimes.standard
    var usableOnce = false
    for (name, value) in body {
      switch (name, value) {
      case ("startDateTime", .string(let text)):
        guard let date = try? Date(text, strategy: .iso8601) else { throw Self.badPassProperty(name) }
        start = date.wholeSeconds
      case ("lifetimeInMinutes", .number(let number)) where number == number.rounded():
        lifetime = Int(number)
      case ("isUsableOnce", .bool(let flag)): usableOnce = flag
      default: throw Self.badPassProperty(name)
      }
    }
    guard (Self.passLifetimes.minimum...Self.passLifetimes.maximum).contains(lifetime) else {
      throw GraphError(
        status: 400, code: "badRequest",
        message:
          "The lifetimeInMinutes must be between \(Self.passLifetimes.minimum) and \(Self.passLifetimes.maximum) minutes, as the Temporary Access Pass policy allows."
      )
    }
    let pass = WriteLedger.Pass(
      id: UUID().uuidString.lowercased(), created: now, start: start, lifetimeInMinutes: lifetime,
      isUsableOnce: usableOnce)
    tenant.writes.setPass(pass, for: target.id)
    audit(
      .temporaryAccessPass, by: caller, on: [WriteAudit.user(target)],
      reason: "Admin registered temporary access pass method for user")
    let usable = start <= now
    return created(
      .object([
        (
          "@odata.context",
          .string(
            "\(request.base)/v1.0/$metadata#users('\(target.id)')/authentication/temporaryAccessPassMethods/$entity")
        ),
        ("id", .string(pass.id)), ("temporaryAccessPass", .string(Self.newPass())),
        ("createdDateTime", .string(now.formatted(.iso8601))), ("startDateTime", .string(start.formatted(.iso8601))),
        ("lifetimeInMinutes", .int(lifetime)), ("isUsableOnce", .bool(usableOnce)), ("isUsable", .bool(usable)),
        ("methodUsabilityReason", .string(usable ? "EnabledByPolicy" : "NotYetValid")),
      ]), request)
  }

  static func badPassProperty(_ name: String) -> GraphError {
    GraphError(
      status: 400, code: "badRequest",
      message: "Invalid value specified for property '\(name)' of resource 'TemporaryAccessPassAuthenticationMethod'.")
  }

  /// A fresh random pass: letters, digits and a few symbols, as Entra generates them.
  static func newPass() -> String {
    let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789@#$%&*+=?")
    var generator = SystemRandomNumberGenerator()
    return String((0..<passLength).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
  }
}
