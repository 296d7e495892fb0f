/// One change to groups at run time (the control API and `--churn`).
public enum GroupEdit: Sendable, Equatable {
  /// Adds a user, group, device or service principal (by id) to the group's direct members.
  case addMember(groupId: String, memberId: String)
  case removeMember(groupId: String, memberId: String)
  /// New display name and description (nil keeps the current one).
  case rename(groupId: String, displayName: String?, description: String?)

  public var groupId: String {
    switch self {
    case .addMember(let id, _), .removeMember(let id, _), .rename(let id, _, _): id
    }
  }
}

extension Directory {
  /// A new directory with the group edits applied in order (people unchanged).
  public func applying(groupEdits edits: [GroupEdit]) throws(DirectoryEditError) -> Directory {
    var set = groupSet
    for edit in edits {
      guard let position = groupIndex(idOrNickname: edit.groupId) else {
        throw DirectoryEditError("no group with id \(edit.groupId)", notFound: true)
      }
      switch edit {
      case .addMember(_, let memberId):
        guard let member = object(id: memberId) else {
          throw DirectoryEditError("no user, group, device or service principal with id \(memberId)", notFound: true)
        }
        if case .group = member, set.groups[position].isUnified {
          throw DirectoryEditError("a Microsoft 365 group cannot hold groups")
        }
        if member == .group(Int32(position)) { throw DirectoryEditError("a group cannot be its own member") }
        if !set.groups[position].members.contains(member) { set.groups[position].members.others.append(member) }
      case .removeMember(_, let memberId):
        guard let member = object(id: memberId), set.groups[position].members.contains(member) else {
          throw DirectoryEditError("\(memberId) is no direct member of group \(edit.groupId)", notFound: true)
        }
        set.groups[position].members.remove(member)
      case .rename(_, let displayName, let description):
        if let displayName { set.groups[position].displayName = displayName }
        if let description { set.groups[position].description = description }
      }
    }
    return Directory(users: Array(users), defaultUserIndex: storage.defaultUserIndex, groups: set)
  }

  /// `count` generated group changes for `--churn`: members joining and leaving small groups, now
  /// and then a new description. Each edit names its member, so delta can report it.
  public func groupChurnEdits(count: Int, random: inout SeededRandom, serial: Int) -> [GroupEdit] {
    guard !groups.isEmpty else { return [] }
    var edits: [GroupEdit] = []
    for step in 0..<count {
      let position = random.below(groups.count)
      let group = groups[position]
      guard !group.isDynamic else { continue }
      switch random.below(10) {
      case 0:
        edits.append(.rename(groupId: group.id, displayName: nil, description: "Updated (\(serial).\(step))."))
      case 1...4 where group.members.count > 1:
        let member = group.members[random.below(group.members.count)]
        edits.append(.removeMember(groupId: group.id, memberId: id(of: member)))
      default:
        let user = users[random.below(users.count)]
        guard !group.members.contains(.user(Int32(userIndex(id: user.id) ?? 0))) else { continue }
        edits.append(.addMember(groupId: group.id, memberId: user.id))
      }
    }
    // One edit per group and member per batch keeps the log simple to replay.
    var seen = Set<String>()
    return edits.filter { edit in
      switch edit {
      case .addMember(let group, let member), .removeMember(let group, let member): seen.insert(group + member).inserted
      case .rename(let group, _, _): seen.insert(group).inserted
      }
    }
  }
}

extension GroupMembers {
  /// Removes one member; a user inside the range splits it (the shorter side becomes references).
  mutating func remove(_ member: DirectoryObjectRef) {
    if case .user(let user) = member, userRange.contains(user) {
      let before = userRange.lowerBound..<user
      let after = (user + 1)..<userRange.upperBound
      if before.count >= after.count {
        userRange = before
        others.append(contentsOf: after.map { .user($0) })
      } else {
        userRange = after
        others.append(contentsOf: before.map { .user($0) })
      }
      return
    }
    others.removeAll { $0 == member }
  }
}
