import Foundation
import RosterCore

/// An app registration or an enterprise app, as one row of `roster apps`: every answer lists both
/// kinds, app registrations first, each row saying which. The flavour stays in the value, so
/// what differs (Graph's type, the noun) is read from it, never written twice.
enum AnyApp: Equatable, Sendable {
  case registration(AppRegistration)
  case enterprise(EnterpriseApp)

  var id: String { CleanText(object.id).string }
  var appId: String? { object.appId.map { CleanText($0).string } }
  var displayName: CleanText { object.displayName }
  var credentials: [AppCredentialDue] { object.credentials }
  var passwordCredentials: [PasswordCredential] { object.passwordCredentials }
  var keyCredentials: [KeyCredential] { object.keyCredentials }
  /// "app", "enterprise app".
  var noun: String { flavor.noun }
  /// `#microsoft.graph.application`, `#microsoft.graph.servicePrincipal`.
  var odataType: String { flavor.odataType }
  /// `applications`, `servicePrincipals`.
  var collection: String { flavor.collection }
  /// App registrations before enterprise apps.
  var order: Int { if case .registration = self { 0 } else { 1 } }

  private var flavor: any AppFlavor.Type {
    switch self {
    case .registration: return RegistrationFlavor.self
    case .enterprise: return EnterpriseFlavor.self
    }
  }

  /// The object of either flavour, read through what both have.
  private var object: any AppFields {
    switch self {
    case .registration(let app): return app
    case .enterprise(let app): return app
    }
  }

  /// The object as Graph names it, with `@odata.type`: what `--json` prints of it.
  var json: AppJSON {
    switch self {
    case .registration(let app): return AppJSON(odataType: odataType, encode: app.encode)
    case .enterprise(let app): return AppJSON(odataType: odataType, encode: app.encode)
    }
  }
}

/// What an app registration and an enterprise app both have, so `AnyApp` reads it once.
private protocol AppFields {
  var id: String { get }
  var appId: String? { get }
  var displayName: CleanText { get }
  var credentials: [AppCredentialDue] { get }
  var passwordCredentials: [PasswordCredential] { get }
  var keyCredentials: [KeyCredential] { get }
}

extension AppObject: AppFields {}

/// An app encoded as Graph names it, plus `@odata.type` (and whatever `extra` adds beside it).
struct AppJSON: Encodable {
  var odataType: String
  var encode: (any Encoder) throws -> Void
  var extra: (any Encoder) throws -> Void = { _ in }

  private enum Keys: String, CodingKey { case odataType = "@odata.type" }

  func encode(to encoder: any Encoder) throws {
    try encode(encoder)
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(odataType, forKey: .odataType)
    try extra(encoder)
  }
}
