/// Runs `GET /groups` query options with Graph's rules, as `UserQueryEngine` does for users:
/// `$search` needs `ConsistencyLevel: eventual`; `not`/`ne` and `$orderby` beside `$filter` or
/// `$search` need an advanced query; `$orderby` only on displayName.
struct GroupQueryEngine {
  let storage: GroupStorage

  func run(_ query: UserListQuery) throws(GraphQueryError) -> [Int] {
    let countRequested = try UserQueryEngine.countFlag(query.count)
    let advanced = query.consistencyLevelEventual && countRequested
    var search: GroupSearchPredicate?
    if let text = query.search {
      guard query.consistencyLevelEventual else { throw .searchNeedsConsistencyLevel }
      search = try SearchParser<GroupSearchPredicate>.parse(text)
    }
    var filter: FilterPredicate<GroupField>?
    if let text = query.filter { filter = try FilterPredicate(try FilterParser.parse(text), advanced: advanced) }
    var descending: Bool?
    if let text = query.orderby, !text.allSatisfy(\.isWhitespace) {
      descending = try Self.orderDescending(text)
      if (query.filter != nil || query.search != nil) && !advanced { throw .sortingNotSupported }
    }
    var candidates: [Int] = Array(storage.groups.indices)
    if let descending {
      let order = storage.displayNameOrder.map(Int.init)
      candidates = descending ? order.reversed() : order
    }
    return candidates.filter { index in
      (search?.matches(storage, index) ?? true)
        && (filter?.matches(GroupFilterRecord(storage: storage, index: index)) ?? true)
    }
  }

  /// `displayName [asc|desc]`; every other property is refused as Graph refuses it.
  static func orderDescending(_ text: String) throws(GraphQueryError) -> Bool {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard (1...2).contains(words.count) else {
      throw GraphQueryError(
        status: 400, code: "BadRequest",
        message: "Syntax error at position 0 in '\(text)'. Invalid $orderby expression.")
    }
    guard let field = GroupField.named(words[0]) else { throw .unknownGroupProperty(words[0]) }
    guard field.isSortable else {
      throw GraphQueryError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "Sorting on property '\(field.name)' of resource 'Group' is not supported.")
    }
    guard words.count == 2 else { return false }
    switch words[1].lowercased() {
    case "asc": return false
    case "desc": return true
    default:
      throw GraphQueryError(
        status: 400, code: "BadRequest",
        message: "Syntax error: '\(words[1])' is not a sort direction in '\(text)'; use asc or desc.")
    }
  }
}
