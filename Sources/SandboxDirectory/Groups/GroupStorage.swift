import Foundation
import SearchRules

/// The immutable tables behind a directory's groups: lookups by id and mail nickname, which groups
/// hold each group, and folded text for `$filter` and `$search`, computed once.
final class GroupStorage: Sendable {
  let contents: GroupSet
  let userCount: Int
  let indexById: [String: Int32]
  let indexByNickname: [String: Int32]
  let deviceIndexById: [String: Int32]
  let principalIndexById: [String: Int32]
  /// Groups that hold each group directly, in group order.
  let parentGroups: [[Int32]]
  /// Groups that list a user individually (not by range), by user position.
  let explicitUserParents: [Int32: [Int32]]
  /// Groups that hold a non-empty range of users.
  let rangeGroups: [Int32]
  let records: GroupRecords
  let displayNameOrder: [Int32]

  var groups: [DirectoryGroup] { contents.groups }

  init(_ groupSet: GroupSet, userCount: Int) {
    let set = groupSet
    self.contents = groupSet
    self.userCount = userCount
    var byId: [String: Int32] = [:]
    var byNickname: [String: Int32] = [:]
    var parents = [[Int32]](repeating: [], count: set.groups.count)
    var userParents: [Int32: [Int32]] = [:]
    var ranges: [Int32] = []
    for (position, group) in set.groups.enumerated() {
      let index = Int32(position)
      byId[TextFolding.caseFolded(group.id)] = index
      if let nickname = group.mailNickname { byNickname[TextFolding.caseFolded(nickname)] = index }
      if !group.members.userRange.isEmpty { ranges.append(index) }
      for member in group.members.others {
        switch member {
        case .group(let child):
          if Int(child) < parents.count, !parents[Int(child)].contains(index) { parents[Int(child)].append(index) }
        case .user(let user): userParents[user, default: []].append(index)
        default: break
        }
      }
    }
    indexById = byId
    indexByNickname = byNickname
    parentGroups = parents
    explicitUserParents = userParents
    rangeGroups = ranges
    deviceIndexById = Dictionary(
      set.devices.enumerated().map { (TextFolding.caseFolded($0.element.id), Int32($0.offset)) },
      uniquingKeysWith: { a, _ in a })
    principalIndexById = Dictionary(
      set.servicePrincipals.enumerated().map { (TextFolding.caseFolded($0.element.id), Int32($0.offset)) },
      uniquingKeysWith: { a, _ in a })
    let records = GroupRecords(set.groups)
    self.records = records
    displayNameOrder = set.groups.indices.map(Int32.init).sorted { left, right in
      let leftKey = records.caseFolded(.displayName, at: Int(left))
      let rightKey = records.caseFolded(.displayName, at: Int(right))
      switch (leftKey, rightKey) {
      case (nil, nil): return set.groups[Int(left)].id < set.groups[Int(right)].id
      case (nil, _): return true
      case (_, nil): return false
      case (let l?, let r?): return l == r ? set.groups[Int(left)].id < set.groups[Int(right)].id : l < r
      }
    }
  }

  func index(ofIdOrNickname key: String) -> Int32? {
    let folded = TextFolding.caseFolded(key)
    return indexById[folded] ?? indexByNickname[folded]
  }

  /// Groups that hold `member` directly, in group order.
  func directParents(of member: DirectoryObjectRef) -> [Int32] {
    switch member {
    case .group(let index): return Int(index) < parentGroups.count ? parentGroups[Int(index)] : []
    case .user(let user):
      var found = explicitUserParents[user] ?? []
      for group in rangeGroups where contents.groups[Int(group)].members.userRange.contains(user) {
        found.append(group)
      }
      return Array(Set(found)).sorted()
    case .device, .servicePrincipal:
      return contents.groups.indices.filter { contents.groups[$0].members.others.contains(member) }.map(Int32.init)
    }
  }

  /// Every group that holds `member` directly or through nesting, each once (cycles end).
  func transitiveParents(of member: DirectoryObjectRef) -> [Int32] {
    var seen = Set<Int32>()
    var order: [Int32] = []
    var queue = directParents(of: member)
    var head = 0
    while head < queue.count {
      let group = queue[head]
      head += 1
      guard seen.insert(group).inserted else { continue }
      order.append(group)
      queue += parentGroups[Int(group)]
    }
    return order
  }

  /// Every member of `group` directly or through nesting, each once: the group's own members
  /// first, then nested groups' in breadth-first order. A cycle ends where it comes back.
  func transitiveMembers(of group: Int32) -> [DirectoryObjectRef] {
    var seenUsers = [Bool](repeating: false, count: userCount)
    var seenOthers = Set<DirectoryObjectRef>()
    var visitedGroups: Set<Int32> = [group]
    var queue: [Int32] = [group]
    var head = 0
    var result: [DirectoryObjectRef] = []
    while head < queue.count {
      let current = contents.groups[Int(queue[head])]
      head += 1
      for user in current.members.userRange where Int(user) < userCount && !seenUsers[Int(user)] {
        seenUsers[Int(user)] = true
        result.append(.user(user))
      }
      for member in current.members.others {
        switch member {
        case .user(let user):
          guard Int(user) < userCount, !seenUsers[Int(user)] else { continue }
          seenUsers[Int(user)] = true
          result.append(member)
        case .group(let child):
          if seenOthers.insert(member).inserted, child != group { result.append(member) }
          if visitedGroups.insert(child).inserted { queue.append(child) }
        default:
          if seenOthers.insert(member).inserted { result.append(member) }
        }
      }
    }
    return result
  }
}

/// Folded text of every group for `$filter` and `$search`, in flat arrays.
struct GroupRecords: Sendable {
  static let indexedFields: [GroupField] = [.displayName, .mail, .mailNickname, .description]
  private static let width = indexedFields.count
  private let groups: [DirectoryGroup]
  private let caseFoldedValues: [String?]
  /// `$search` tokens of each display name and description.
  let nameTokens: [[String]]
  let descriptionTokens: [[String]]

  init(_ groups: [DirectoryGroup]) {
    self.groups = groups
    var memo = FoldingMemo()
    var folded: [String?] = []
    var names: [[String]] = []
    var descriptions: [[String]] = []
    folded.reserveCapacity(groups.count * Self.width)
    for group in groups {
      for field in Self.indexedFields { folded.append(field.string(of: group).map { memo.folded($0).caseFolded }) }
      names.append(group.displayName.map { memo.tokens($0) } ?? [])
      descriptions.append(group.description.map { memo.tokens($0) } ?? [])
    }
    caseFoldedValues = folded
    nameTokens = names
    descriptionTokens = descriptions
  }

  func caseFolded(_ field: GroupField, at index: Int) -> String? {
    if let slot = Self.indexedFields.firstIndex(of: field) { return caseFoldedValues[index * Self.width + slot] }
    return field.string(of: groups[index]).map(TextFolding.caseFolded)
  }
}
