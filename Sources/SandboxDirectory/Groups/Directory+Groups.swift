import Foundation

/// Groups, their members and memberships, as Graph's `/groups`, `/members`, `/memberOf` and their
/// transitive forms answer them. Positions (`Int`) are stable within one immutable directory.
extension Directory {
  public var groups: [DirectoryGroup] { groupStorage.groups }
  public var devices: [DirectoryDevice] { groupStorage.contents.devices }
  public var servicePrincipals: [DirectoryServicePrincipal] { groupStorage.contents.servicePrincipals }
  /// Groups, devices and service principals together (what churn and edits carry over).
  public var groupSet: GroupSet { groupStorage.contents }

  /// A group's position by id or mail nickname (case-insensitive).
  public func groupIndex(idOrNickname key: String) -> Int? { groupStorage.index(ofIdOrNickname: key).map(Int.init) }

  /// A user's position in `users`.
  public func userIndex(id: String) -> Int? { storage.index(ofId: id) ?? storage.index(ofIdOrUPN: id) }

  /// Applies `$search`, `$filter` and `$orderby` to groups with Graph's rules; group positions in order.
  public func listGroups(_ query: UserListQuery) throws(GraphQueryError) -> [Int] {
    try GroupQueryEngine(storage: groupStorage).run(query)
  }

  /// Validates a group `$select`; `allowRelationships` admits `members`/`owners` (delta).
  public func selectedGroupProperties(_ select: String?, allowRelationships: Bool = false) throws(GraphQueryError)
    -> [String]
  {
    try GroupPropertyCatalog.selectedProperties(select, allowMembers: allowRelationships)
  }

  public func render(group: DirectoryGroup, properties: [String]) -> JSONValue {
    GroupPropertyCatalog.render(group, properties: properties)
  }

  /// The id of a member or owner.
  public func id(of object: DirectoryObjectRef) -> String {
    switch object {
    case .user(let index): storage.users[Int(index)].id
    case .group(let index): groupStorage.groups[Int(index)].id
    case .device(let index): groupStorage.contents.devices[Int(index)].id
    case .servicePrincipal(let index): groupStorage.contents.servicePrincipals[Int(index)].id
    }
  }

  /// A directory object by id: a user, group, device or service principal.
  public func object(id: String) -> DirectoryObjectRef? {
    if let user = storage.index(ofId: id) ?? storage.index(ofIdOrUPN: id) { return .user(Int32(user)) }
    let folded = id.lowercased()
    if let group = groupStorage.indexById[folded] { return .group(group) }
    if let device = groupStorage.deviceIndexById[folded] { return .device(device) }
    if let principal = groupStorage.principalIndexById[folded] { return .servicePrincipal(principal) }
    return nil
  }

  /// A device or service principal as a member list shows it.
  public func renderNonPerson(_ object: DirectoryObjectRef) -> [(String, JSONValue)] {
    switch object {
    case .device(let index): GroupPropertyCatalog.render(groupStorage.contents.devices[Int(index)])
    case .servicePrincipal(let index): GroupPropertyCatalog.render(groupStorage.contents.servicePrincipals[Int(index)])
    default: [("id", .string(id(of: object)))]
    }
  }

  /// Direct members in Graph's order.
  public func members(ofGroup index: Int) -> GroupMembers { groupStorage.groups[index].members }

  /// Members directly or through nesting, each once; a cycle ends where it comes back.
  public func transitiveMembers(ofGroup index: Int) -> [DirectoryObjectRef] {
    groupStorage.transitiveMembers(of: Int32(index))
  }

  /// Groups that hold `object` directly.
  public func memberOf(_ object: DirectoryObjectRef) -> [Int] { groupStorage.directParents(of: object).map(Int.init) }

  /// Groups that hold `object` directly or through nesting, each once.
  public func transitiveMemberOf(_ object: DirectoryObjectRef) -> [Int] {
    groupStorage.transitiveParents(of: object).map(Int.init)
  }

  /// The group set after users at `removed` positions left and the rest closed up (kept users
  /// keep their order, so a range stays a range); references to removed users are dropped.
  func groupSet(removingUsers removed: Set<Int>, oldCount: Int) -> GroupSet {
    guard !removed.isEmpty else { return groupStorage.contents }
    var newIndex = [Int32](repeating: -1, count: oldCount)
    var next: Int32 = 0
    for index in 0..<oldCount where !removed.contains(index) {
      newIndex[index] = next
      next += 1
    }
    func map(_ object: DirectoryObjectRef) -> DirectoryObjectRef? {
      guard case .user(let index) = object else { return object }
      let mapped = Int(index) < oldCount ? newIndex[Int(index)] : -1
      return mapped < 0 ? nil : .user(mapped)
    }
    var set = groupStorage.contents
    for position in set.groups.indices {
      let members = set.groups[position].members
      let kept = members.userRange.filter { newIndex[Int($0)] >= 0 }
      let range: Range<Int32> = kept.first.map { newIndex[Int($0)]..<(newIndex[Int($0)] + Int32(kept.count)) } ?? 0..<0
      set.groups[position].members = GroupMembers(userRange: range, others: members.others.compactMap(map))
      set.groups[position].owners = set.groups[position].owners.compactMap(map)
    }
    return set
  }
}
