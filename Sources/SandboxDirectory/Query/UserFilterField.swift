/// A user property as `$filter` sees it: one the sandbox stores (`UserField`, whose table says
/// which operators each runs), or an address list made from the user (`DirectoryUser+Aliases`),
/// which only `any(x:x eq '…')` reaches. Properties Graph has and the sandbox does not store
/// are answered by `ownClause` (`UserFilterField+Unstored`).
enum UserFilterField: FilterField {
  case stored(UserField)
  case proxyAddresses, otherMails

  static func filterField(named name: String, in scope: Void) throws(GraphQueryError) -> UserFilterField {
    guard let field = UserField.named(name) else { throw .unknownProperty(name) }
    return .stored(field)
  }

  var name: String {
    switch self {
    case .stored(let field): return field.name
    case .proxyAddresses: return "proxyAddresses"
    case .otherMails: return "otherMails"
    }
  }

  var kind: FilterValueKind {
    guard case .stored(let field) = self else { return .stringCollection }
    return field.kind
  }

  var equalitySupport: FilterSupport { stored?.equalitySupport ?? .unsupported }
  var startsWithSupport: FilterSupport { stored?.startsWithSupport ?? .unsupported }
  var endsWithSupport: FilterSupport { stored?.endsWithSupport ?? .unsupported }
  var unsupportedClause: GraphQueryError { .unsupportedClause(property: name) }

  private var stored: UserField? {
    guard case .stored(let field) = self else { return nil }
    return field
  }
}

/// Users' values as `$filter` reads them, from the stored tables or a computed person.
extension UserFacts {
  func foldedText(_ field: UserFilterField) -> String? {
    guard case .stored(let stored) = field else { return nil }
    return caseFolded(stored)
  }

  func flag(_ field: UserFilterField) -> Bool? { field == .stored(.accountEnabled) ? user.accountEnabled : nil }

  func strings(_ field: UserFilterField) -> [String] {
    switch field {
    case .proxyAddresses: return user.proxyAddresses
    case .otherMails: return user.otherMails
    case .stored(let stored): return stored == .businessPhones ? user.businessPhones : []
    }
  }

  func isNull(_ field: UserFilterField) -> Bool {
    switch field {
    case .stored(.businessPhones): return user.businessPhones.isEmpty
    case .stored(.accountEnabled): return false
    case .stored(let stored): return stored.string(of: user) == nil
    case .proxyAddresses, .otherMails: return strings(field).isEmpty
    }
  }
}
