import SandboxDirectory

extension GraphCaller {
  /// Whether the caller may list the members of group `index`. A hidden-membership group shows its
  /// members to holders of `Member.Read.Hidden` and to its own owners and members ("Only owners and
  /// members of a group can see its membership": Microsoft 365 groups' `HiddenMembership`
  /// visibility, PROTOCOL.md); the group permission itself is checked by the caller of this.
  func canReadMembers(ofGroup index: Int, in directory: Directory) -> Bool {
    let group = directory.groups[index]
    guard group.hidesMembership, !canReadHiddenMembers else { return true }
    guard let me = directory.userIndex(id: user.id).map({ DirectoryObjectRef.user(Int32($0)) }) else { return false }
    return group.owners.contains(me) || directory.members(ofGroup: index).contains(me)
  }
}
