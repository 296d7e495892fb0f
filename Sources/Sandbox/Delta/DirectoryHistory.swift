import Foundation
import SandboxDirectory
import Synchronization

/// The directory as it changes at run time, with the change log `/users/delta` answers from.
///
/// Every edit batch makes a new immutable `Directory` (queries always read one consistent
/// snapshot) and bumps the version; the log remembers which ids changed at which version, and how
/// removed ones left. Only the newest `retainedChanges` entries are kept: a delta token older
/// than that is answered like an expired one (`syncStateNotFound`), as Graph does after 7 days.
final class DirectoryHistory: Sendable {
  struct Change: Sendable {
    var version: Int
    var id: String
    /// nil for added/changed; `"changed"` (soft delete) or `"deleted"` (permanent) for removals.
    var removal: String?
  }

  struct Snapshot: Sendable {
    var directory: Directory
    var version: Int
    /// User ids in ascending order: delta pages walk them by key, so people added or removed
    /// while a client pages never shift anyone past it. Empty for a lazily generated directory,
    /// whose pages walk its own stable keys (`Directory.people(afterKey:limit:)`).
    var sortedIds: [String]
    /// Group ids in ascending order, for `/groups/delta` likewise.
    var sortedGroupIds: [String]
  }

  /// One change to a group: its properties (`member` nil) or one member joining or leaving.
  struct GroupChange: Sendable {
    var version: Int
    var groupId: String
    var member: (id: String, type: String)?
    var removed: Bool
  }

  private struct State {
    var snapshot: Snapshot
    var log: [Change] = []
    var groupLog: [GroupChange] = []
    /// Tokens at or below this version can no longer be served.
    var forgottenThrough = -1
  }

  static let retainedChanges = 500_000
  /// Random per run: a token from another run of the sandbox names a state this one never had.
  let instance = UInt32.random(in: 1...UInt32.max)
  private let state: Mutex<State>

  init(_ directory: Directory) {
    state = Mutex(State(snapshot: Self.snapshot(directory, version: 0)))
  }

  var current: Snapshot { state.withLock { $0.snapshot } }
  var directory: Directory { current.directory }

  /// Applies the edits as one version; all or nothing.
  @discardableResult
  func apply(_ edits: [DirectoryEdit]) throws(DirectoryEditError) -> Int {
    // Built outside the lock would race two writers; edits are rare, so build inside it.
    let result: Result<Int, DirectoryEditError> = state.withLock { state in
      let next: Directory
      do throws(DirectoryEditError) {
        next = try state.snapshot.directory.applying(edits)
      } catch {
        return .failure(error)
      }
      let version = state.snapshot.version + 1
      let previous = state.snapshot.directory
      for edit in edits {
        var removal: String?
        if case .delete(let id, let permanent) = edit {
          removal = permanent ? "deleted" : "changed"
          // A user who leaves leaves their groups: each group's delta reports the member removed.
          if let index = previous.userIndex(id: id) {
            for group in previous.memberOf(.user(Int32(index))) {
              state.groupLog.append(
                GroupChange(
                  version: version, groupId: previous.groups[group].id, member: (id, "#microsoft.graph.user"),
                  removed: true))
            }
          }
        }
        state.log.append(Change(version: version, id: edit.userId, removal: removal))
      }
      if state.log.count > Self.retainedChanges {
        let dropped = state.log.count - Self.retainedChanges
        state.forgottenThrough = state.log[dropped - 1].version
        state.log.removeFirst(dropped)
      }
      state.snapshot = Self.snapshot(next, version: version)
      return .success(version)
    }
    return try result.get()
  }

  /// Applies group edits as one version; all or nothing.
  @discardableResult
  func apply(groupEdits edits: [GroupEdit]) throws(DirectoryEditError) -> Int {
    let result: Result<Int, DirectoryEditError> = state.withLock { state in
      let current = state.snapshot.directory
      let next: Directory
      do throws(DirectoryEditError) {
        next = try current.applying(groupEdits: edits)
      } catch {
        return .failure(error)
      }
      let version = state.snapshot.version + 1
      for edit in edits {
        let groupId = current.groups[current.groupIndex(idOrNickname: edit.groupId) ?? 0].id
        switch edit {
        case .addMember(_, let memberId), .removeMember(_, let memberId):
          let object = current.object(id: memberId)
          let type = object?.odataType ?? "#microsoft.graph.directoryObject"
          let id = object.map(current.id(of:)) ?? memberId
          var removed = false
          if case .removeMember = edit { removed = true }
          state.groupLog.append(GroupChange(version: version, groupId: groupId, member: (id, type), removed: removed))
        case .rename:
          state.groupLog.append(GroupChange(version: version, groupId: groupId, member: nil, removed: false))
        }
      }
      if state.groupLog.count > Self.retainedChanges {
        let dropped = state.groupLog.count - Self.retainedChanges
        state.forgottenThrough = max(state.forgottenThrough, state.groupLog[dropped - 1].version)
        state.groupLog.removeFirst(dropped)
      }
      state.snapshot = Self.snapshot(next, version: version)
      return .success(version)
    }
    return try result.get()
  }

  /// Groups changed after `version` up to `through`, ascending by id, each with its members'
  /// net changes (member id → type and whether it left); nil when `version` is too old.
  func groupChanges(after version: Int, through: Int)
    -> [(groupId: String, members: [(id: String, type: String, removed: Bool)])]?
  {
    state.withLock { state in
      guard version >= state.forgottenThrough, version <= state.snapshot.version else { return nil }
      var byGroup: [String: [String: (type: String, removed: Bool, order: Int)]] = [:]
      for (order, change) in state.groupLog.enumerated() where change.version > version && change.version <= through {
        var members = byGroup[change.groupId] ?? [:]
        if let member = change.member { members[member.id] = (member.type, change.removed, order) }
        byGroup[change.groupId] = members
      }
      return byGroup.keys.sorted().map { groupId in
        let members = byGroup[groupId]!.sorted { $0.value.order < $1.value.order }
        return (groupId, members.map { ($0.key, $0.value.type, $0.value.removed) })
      }
    }
  }

  /// Ids changed after `version` up to `through`, ascending, each with its last removal reason
  /// (nil when it exists again or still); nil when `version` is too old to answer.
  func changes(after version: Int, through: Int) -> [(id: String, removal: String?)]? {
    state.withLock { state in
      guard version >= state.forgottenThrough, version <= state.snapshot.version else { return nil }
      var last: [String: String?] = [:]
      for change in state.log where change.version > version && change.version <= through {
        last[change.id] = change.removal
      }
      return last.keys.sorted().map { ($0, last[$0]!) }
    }
  }

  private static func snapshot(_ directory: Directory, version: Int) -> Snapshot {
    Snapshot(
      directory: directory, version: version,
      sortedIds: directory.isLazilyGenerated ? [] : directory.users.map(\.id).sorted(),
      sortedGroupIds: directory.groups.map(\.id).sorted())
  }
}
