import SearchRules

/// A parsed device `$search`: Graph searches devices by `displayName` ("You can use `$search` on
/// the displayName … properties", device-list), tokenized as a person's or a group's name is
/// (same parser, tokenizer, folding and quoting), so `"displayName:iphone"` finds "Aoife’s iPhone".
indirect enum DeviceSearchPredicate: SearchClauseBuilding {
  case and(DeviceSearchPredicate, DeviceSearchPredicate)
  case or(DeviceSearchPredicate, DeviceSearchPredicate)
  case displayNameTokens([String])

  static func clause(_ content: String) throws(GraphQueryError) -> DeviceSearchPredicate {
    let (name, text) = SearchClause.split(content)
    if let name {
      guard let property = DeviceQuery.canonical(name) else { throw DeviceQuery.unknownProperty(name) }
      guard property == "displayName" else { throw DeviceQuery.unsupportedClause(property) }
    }
    return .displayNameTokens(NameTokenizer.queryTokens(text))
  }

  func matches(_ device: RegisteredDevice) -> Bool {
    switch self {
    case .and(let left, let right): left.matches(device) && right.matches(device)
    case .or(let left, let right): left.matches(device) || right.matches(device)
    case .displayNameTokens(let query):
      SearchClause.tokensMatch(query, NameTokenizer.indexTokens(device.displayName), present: true)
    }
  }
}
