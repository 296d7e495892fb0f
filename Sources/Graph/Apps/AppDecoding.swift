import Foundation
import RosterCore

/// Decodes Graph's `application` and `servicePrincipal` objects leniently, as `DeviceDecoding`
/// does: a field of the wrong type is absent, an entry without an `id` is dropped, a credential
/// that is not an object is passed over, and only a body that is not a collection (or not JSON)
/// is malformed. Text is cleaned here, where it enters the program: an app's name and its
/// credentials' names are typed by whoever registered it, in any organisation.
enum AppDecoding {
  /// What the pane shows of an owner: whom the organisation hides is counted, not named.
  static let personFields = ["id", "displayName", "mail", "userPrincipalName", "jobTitle", "showInAddressList"]

  static func page<Flavor>(_ flavor: Flavor.Type, from data: Data) throws(DirectoryError)
    -> GraphItemSearch<AppObject<Flavor>>.Decoded
  {
    let collection = try ODataCollection(data)
    return (collection.objects.compactMap { app(Flavor.self, from: $0) }, collection.nextLink, collection.count)
  }

  static func single<Flavor>(_ flavor: Flavor.Type, from data: Data) throws(DirectoryError) -> AppObject<Flavor> {
    guard let app = app(Flavor.self, from: try PeopleDecoding.jsonObject(data)) else {
      throw .malformedResponse("The \(Flavor.noun) from Microsoft Graph has no id.")
    }
    return app
  }

  static func app<Flavor>(_ flavor: Flavor.Type, from object: [String: Any]) -> AppObject<Flavor>? {
    guard let id = object["id"] as? String, !id.isEmpty else { return nil }
    return AppObject(
      id: id, displayName: text(object["displayName"]) ?? .empty, appId: object["appId"] as? String,
      createdDateTime: HealthDecoding.date(object["createdDateTime"]),
      passwordCredentials: objects(object["passwordCredentials"]).map(secret),
      keyCredentials: objects(object["keyCredentials"]).map(certificate),
      signInAudience: text(object["signInAudience"]), servicePrincipalType: text(object["servicePrincipalType"]),
      accountEnabled: object["accountEnabled"] as? Bool,
      appOwnerOrganizationId: object["appOwnerOrganizationId"] as? String)
  }

  static func secret(_ object: [String: Any]) -> PasswordCredential {
    PasswordCredential(
      keyId: object["keyId"] as? String, displayName: text(object["displayName"]), hint: text(object["hint"]),
      startDateTime: HealthDecoding.date(object["startDateTime"]),
      endDateTime: HealthDecoding.date(object["endDateTime"]))
  }

  static func certificate(_ object: [String: Any]) -> KeyCredential {
    KeyCredential(
      keyId: object["keyId"] as? String, customKeyIdentifier: (object["customKeyIdentifier"] as? String).map(cleaned),
      displayName: text(object["displayName"]), usage: text(object["usage"]), type: text(object["type"]),
      startDateTime: HealthDecoding.date(object["startDateTime"]),
      endDateTime: HealthDecoding.date(object["endDateTime"]))
  }

  static func objects(_ value: Any?) -> [[String: Any]] { (value as? [Any])?.compactMap { $0 as? [String: Any] } ?? [] }

  static func text(_ value: Any?) -> CleanText? { (value as? String).map { CleanText($0) } }

  /// A thumbprint is base64 from Graph, but whatever arrives is shown: cleaned like any text.
  private static func cleaned(_ value: String) -> String { CleanText(value).string }
}
