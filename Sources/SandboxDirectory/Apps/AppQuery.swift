import Foundation
import SearchRules

/// Which collection an app object lives in: `/applications` or `/servicePrincipals`. The two
/// share their query rules here and differ in properties, type names and Graph's wording.
public enum AppKind: Sendable {
  case application, servicePrincipal

  /// The stored properties, in the order the sandbox writes them.
  public var properties: [String] {
    switch self {
    case .application:
      ["id", "appId", "displayName", "signInAudience", "createdDateTime", "passwordCredentials", "keyCredentials"]
    case .servicePrincipal:
      [
        "id", "appId", "displayName", "servicePrincipalType", "accountEnabled", "appOwnerOrganizationId",
        "keyCredentials", "passwordCredentials", "appRoles", "oauth2PermissionScopes",
      ]
    }
  }

  /// Real properties the sandbox does not store: selectable, answered as null (`[]` for collections).
  var unstored: [String] {
    switch self {
    case .application: ["deletedDateTime", "description", "notes", "publisherDomain", "identifierUris", "tags"]
    case .servicePrincipal:
      ["deletedDateTime", "description", "notes", "homepage", "loginUrl", "servicePrincipalNames", "tags"]
    }
  }

  /// Graph's OData type (`@odata.type` is this after `#`).
  public var typeName: String {
    self == .application ? "microsoft.graph.application" : "microsoft.graph.servicePrincipal"
  }
  /// The entity set, as in `@odata.context` (`$metadata#applications`).
  public var entitySet: String { self == .application ? "applications" : "servicePrincipals" }
  var resourceName: String { self == .application ? "Application" : "ServicePrincipal" }
}

/// `$select`, `$filter`, `$search` and rendering for app registrations and enterprise apps
/// (application-list, serviceprincipal-list); `AppField` says which properties `$filter` runs on.
public enum AppQuery {
  /// `$select` in Graph's spelling (case-insensitive, `id` always included); nil is the default set.
  public static func selected(_ select: String?, kind: AppKind) throws(GraphQueryError) -> [String] {
    guard let select, !select.allSatisfy(\.isWhitespace) else { return kind.properties }
    return try SelectList.names(
      select, canonical: { canonical($0, kind: kind) }, unknown: { unknownProperty($0, kind: kind) }, id: .first)
  }

  static func canonical(_ property: String, kind: AppKind) -> String? {
    let lowered = property.lowercased()
    return (kind.properties + kind.unstored).first { $0.lowercased() == lowered }
  }

  /// The apps a list query selects, in order: `$search` needs `ConsistencyLevel: eventual`;
  /// `$filter`'s `ne`, `not` and null comparisons need an advanced query (that header and
  /// `$count=true`); `$orderby` is not served yet.
  public static func run<App: DirectoryApp>(_ query: UserListQuery, over apps: [App]) throws(GraphQueryError) -> [App] {
    let countRequested = try UserQueryEngine.countFlag(query.count)
    let advanced = query.consistencyLevelEventual && countRequested
    if let order = query.orderby, !order.allSatisfy(\.isWhitespace) {
      throw GraphQueryError(
        status: 400, code: "Request_UnsupportedQuery", message: "The sandbox does not sort \(App.kind.entitySet).")
    }
    var search: AppSearchPredicate?
    if let text = query.search {
      guard query.consistencyLevelEventual else { throw .searchNeedsConsistencyLevel }
      search = try SearchParser<AppSearchPredicate>.parse(text)
    }
    var filter: FilterPredicate<AppField>?
    if let text = query.filter {
      filter = try FilterPredicate(try FilterParser.parse(text), advanced: advanced, in: App.kind)
    }
    guard search != nil || filter != nil else { return apps }
    return apps.filter { app in
      (search?.matches(app.displayName) ?? true) && (filter?.matches(AppRecord(app: app)) ?? true)
    }
  }

  /// The selected properties of an app registration; dates as Graph writes them (ISO 8601, `Z`).
  public static func render(_ app: RegisteredApplication, properties: [String]) -> JSONValue {
    .object(
      properties.map { name in
        switch name {
        case "signInAudience": (name, .string(app.signInAudience))
        case "createdDateTime": (name, .string(app.createdDateTime.formatted(.iso8601)))
        case "passwordCredentials": (name, .array(app.passwordCredentials.map { $0.rendered() }))
        case "keyCredentials": (name, .array(app.keyCredentials.map { $0.rendered() }))
        default: (name, common(name, app))
        }
      })
  }

  /// The selected properties of an enterprise app.
  public static func render(_ principal: RegisteredServicePrincipal, properties: [String]) -> JSONValue {
    .object(
      properties.map { name in
        switch name {
        case "servicePrincipalType": (name, .string(principal.servicePrincipalType))
        case "accountEnabled": (name, .bool(principal.accountEnabled))
        case "appOwnerOrganizationId": (name, .string(principal.appOwnerOrganizationId))
        case "keyCredentials": (name, .array(principal.keyCredentials.map { $0.rendered() }))
        case "passwordCredentials": (name, .array([]))
        case "appRoles": (name, .array(principal.appRoles.map { $0.rendered() }))
        case "oauth2PermissionScopes": (name, .array(principal.oauth2PermissionScopes.map { $0.rendered() }))
        default: (name, common(name, principal))
        }
      })
  }

  private static func common(_ name: String, _ app: some DirectoryApp) -> JSONValue {
    switch name {
    case "id": .string(app.id)
    case "appId": .string(app.appId)
    case "displayName": .string(app.displayName)
    case "identifierUris", "tags", "servicePrincipalNames": .array([])
    default: .null
    }
  }

  static func unknownProperty(_ name: String, kind: AppKind) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_BadRequest",
      message: "Could not find a property named '\(name)' on type '\(kind.typeName)'.")
  }

  static func unsupportedClause(_ property: String, kind: AppKind) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_UnsupportedQuery",
      message:
        "Unsupported or invalid query filter clause specified for property '\(property)' of resource '\(kind.resourceName)'."
    )
  }
}
