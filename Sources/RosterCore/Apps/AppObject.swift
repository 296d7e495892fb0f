import Foundation
import SearchRules

/// Which of Graph's two app resources an `AppObject` is: an app registration (`application`, the
/// app's definition in its home tenant) or an enterprise app (`servicePrincipal`, the app's
/// instance in this tenant — the tenant's own apps and every other organisation's app consented
/// to here). Both carry the app's `appId`, a name, owners and credentials; the flavour is the
/// parameter, so one model, one decoder, one presentation and one command serve both kinds.
public protocol AppFlavor: Sendable {
  /// The other resource of the same app: an app registration's enterprise app, and back.
  associatedtype Counterpart: AppFlavor
  static var kind: ObjectKind { get }
  /// Graph's entity set: `applications`, `servicePrincipals`.
  static var collection: String { get }
  /// Graph's OData type, as `@odata.type` names it.
  static var odataType: String { get }
  /// What a row and the command line call one: "app", "enterprise app".
  static var noun: String { get }
  /// The properties Roster reads of it (`$select`), in Graph's spelling.
  static var properties: [String] { get }
}

/// `/applications`.
public enum RegistrationFlavor: AppFlavor {
  public typealias Counterpart = EnterpriseFlavor
  public static let kind = ObjectKind.app
  public static let collection = "applications"
  public static let odataType = "#microsoft.graph.application"
  public static let noun = "app"
  public static let properties = [
    "id", "appId", "displayName", "createdDateTime", "passwordCredentials", "keyCredentials", "signInAudience",
  ]
}

/// `/servicePrincipals`.
public enum EnterpriseFlavor: AppFlavor {
  public typealias Counterpart = RegistrationFlavor
  public static let kind = ObjectKind.enterpriseApp
  public static let collection = "servicePrincipals"
  public static let odataType = "#microsoft.graph.servicePrincipal"
  public static let noun = "enterprise app"
  public static let properties = [
    "id", "appId", "displayName", "passwordCredentials", "keyCredentials", "servicePrincipalType", "accountEnabled",
    "appOwnerOrganizationId",
  ]
}

/// An app registration (Graph's `application`).
public typealias AppRegistration = AppObject<RegistrationFlavor>
/// An enterprise app (Graph's `servicePrincipal`).
public typealias EnterpriseApp = AppObject<EnterpriseFlavor>

/// An app registration or an enterprise app as Graph describes it. Property names are Graph
/// v1.0's, so `roster apps … --json` and the index's stored JSON use them. Text is `CleanText`,
/// cleaned where it was decoded: an app's name is typed by whoever registered it, in any tenant.
/// The properties one resource lacks stay nil (an app registration has no `servicePrincipalType`).
public struct AppObject<Flavor: AppFlavor>: Sendable, Equatable, Hashable, Codable, Identifiable {
  /// The directory object id (`/applications/{id}`, `/servicePrincipals/{id}`): differs between the two.
  public var id: String
  /// The client id both resources of one app carry.
  public var appId: String?
  public var displayName: CleanText
  public var createdDateTime: Date?
  /// Client secrets. Graph answers only a hint of each, never the secret.
  public var passwordCredentials: [PasswordCredential]
  /// Certificates (a SAML signing certificate is listed twice, Sign and Verify).
  public var keyCredentials: [KeyCredential]
  /// An app registration's: who may sign in (`AzureADMyOrg`, `AzureADMultipleOrgs`, …).
  public var signInAudience: CleanText?
  /// An enterprise app's: `Application`, `ManagedIdentity`, `Legacy`, `SocialIdp`.
  public var servicePrincipalType: CleanText?
  /// An enterprise app's: whether people may sign in to it.
  public var accountEnabled: Bool?
  /// An enterprise app's: the tenant the app is registered in (this one for the tenant's own).
  public var appOwnerOrganizationId: String?
  /// Only its id and name are known (a group's member row): the pane says the rest is unknown
  /// until its read answers. Roster's own, never written or read.
  public var isPartial = false

  private enum CodingKeys: String, CodingKey {
    case id, appId, displayName, createdDateTime, passwordCredentials, keyCredentials, signInAudience
    case servicePrincipalType, accountEnabled, appOwnerOrganizationId
  }

  public init(
    id: String, displayName: CleanText, appId: String? = nil, createdDateTime: Date? = nil,
    passwordCredentials: [PasswordCredential] = [], keyCredentials: [KeyCredential] = [],
    signInAudience: CleanText? = nil, servicePrincipalType: CleanText? = nil, accountEnabled: Bool? = nil,
    appOwnerOrganizationId: String? = nil
  ) {
    self.id = id
    self.displayName = displayName
    self.appId = appId
    self.createdDateTime = createdDateTime
    self.passwordCredentials = passwordCredentials
    self.keyCredentials = keyCredentials
    self.signInAudience = signInAudience
    self.servicePrincipalType = servicePrincipalType
    self.accountEnabled = accountEnabled
    self.appOwnerOrganizationId = appOwnerOrganizationId
  }

  /// Stored JSON written before a field existed (or by Graph leaving one out) still reads.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    displayName = try container.decodeIfPresent(CleanText.self, forKey: .displayName) ?? .empty
    appId = try container.decodeIfPresent(String.self, forKey: .appId)
    createdDateTime = try container.decodeIfPresent(Date.self, forKey: .createdDateTime)
    passwordCredentials = try container.decodeIfPresent([PasswordCredential].self, forKey: .passwordCredentials) ?? []
    keyCredentials = try container.decodeIfPresent([KeyCredential].self, forKey: .keyCredentials) ?? []
    signInAudience = try container.decodeIfPresent(CleanText.self, forKey: .signInAudience)
    servicePrincipalType = try container.decodeIfPresent(CleanText.self, forKey: .servicePrincipalType)
    accountEnabled = try container.decodeIfPresent(Bool.self, forKey: .accountEnabled)
    appOwnerOrganizationId = try container.decodeIfPresent(String.self, forKey: .appOwnerOrganizationId)
  }

  /// Who may sign in, in words (signInAudience's documented values).
  public var audience: String? {
    switch signInAudience?.string {
    case "AzureADMyOrg": return "people in this organisation only"
    case "AzureADMultipleOrgs": return "people in any Microsoft Entra organisation"
    case "AzureADandPersonalMicrosoftAccount": return "any Entra organisation and personal Microsoft accounts"
    case "PersonalMicrosoftAccount": return "personal Microsoft accounts only"
    case nil, "": return nil
    case let other?: return other
    }
  }

  /// Whether the app is registered in `tenantId` (an enterprise app of the tenant's own app) —
  /// nil when not known. An app registration is always the tenant's own.
  public func isOwnApp(tenantId: String?) -> Bool? {
    guard Flavor.kind == .enterpriseApp else { return true }
    guard let owner = appOwnerOrganizationId, let tenantId else { return nil }
    return owner.caseInsensitiveCompare(tenantId) == .orderedSame
  }
}

extension SearchSchema {
  /// What Roster searches apps and enterprise apps by: `displayName`, the property Graph's
  /// `$search` takes on `/applications` and `/servicePrincipals`, tokenized like a group's.
  public static let apps = SearchSchema([SearchedProperty("displayName", matching: .tokens)])
}

extension AppObject: SearchableItem {
  public static var objectKind: ObjectKind { Flavor.kind }
  public var searchFields: SearchFields { SearchFields(.apps, values: [displayName.string]) }
  public var sortName: String { displayName.string }
}
