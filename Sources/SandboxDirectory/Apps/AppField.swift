import SearchRules

/// An app property in `$filter`: `eq` (and `in`) on `id`, `appId` and `displayName`, `startsWith`
/// on `displayName` (application and servicePrincipal resource pages' "Supports `$filter`"
/// notes); `ne`, `not` and null comparisons only in an advanced query (the shared
/// `FilterPredicate` rules). Other known properties are refused in Graph's words; the scope is
/// the collection, for its property names and wording.
struct AppField: FilterField {
  typealias Scope = AppKind
  let name: String
  let kindOfApp: AppKind
  let kind = FilterValueKind.string
  let equalitySupport = FilterSupport.standard
  let startsWithSupport: FilterSupport

  static func filterField(named property: String, in scope: AppKind) throws(GraphQueryError) -> AppField {
    guard let name = AppQuery.canonical(property, kind: scope) else {
      throw AppQuery.unknownProperty(property, kind: scope)
    }
    switch name {
    case "id", "appId": return AppField(name: name, kindOfApp: scope, startsWithSupport: .unsupported)
    case "displayName": return AppField(name: name, kindOfApp: scope, startsWithSupport: .standard)
    default: throw AppQuery.unsupportedClause(name, kind: scope)
    }
  }

  var unsupportedClause: GraphQueryError { AppQuery.unsupportedClause(name, kind: kindOfApp) }
}

/// An app as `FilterPredicate` reads it (a wrapper, so both kinds share one field table).
struct AppRecord<App: DirectoryApp>: FilterRecord {
  let app: App

  func foldedText(_ field: AppField) -> String? {
    switch field.name {
    case "id": TextFolding.caseFolded(app.id)
    case "appId": TextFolding.caseFolded(app.appId)
    case "displayName": TextFolding.caseFolded(app.displayName)
    default: nil
    }
  }

  func isNull(_ field: AppField) -> Bool { foldedText(field) == nil }
}

/// A parsed app `$search`: Graph searches applications and service principals by `displayName`
/// (application-list, serviceprincipal-list examples), tokenized as a person's, a group's or a
/// device's name is, so `"displayName:payroll"` finds "Payroll Sync".
indirect enum AppSearchPredicate: SearchClauseBuilding {
  case and(AppSearchPredicate, AppSearchPredicate)
  case or(AppSearchPredicate, AppSearchPredicate)
  case displayNameTokens([String])

  static func clause(_ content: String) throws(GraphQueryError) -> AppSearchPredicate {
    let (name, text) = SearchClause.split(content)
    if let name, name.lowercased() != "displayname" {
      throw GraphQueryError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "The sandbox searches apps by displayName only, not '\(name)'.")
    }
    return .displayNameTokens(NameTokenizer.queryTokens(text))
  }

  func matches(_ displayName: String) -> Bool {
    switch self {
    case .and(let left, let right): left.matches(displayName) && right.matches(displayName)
    case .or(let left, let right): left.matches(displayName) || right.matches(displayName)
    case .displayNameTokens(let query):
      SearchClause.tokensMatch(query, NameTokenizer.indexTokens(displayName), present: true)
    }
  }
}
