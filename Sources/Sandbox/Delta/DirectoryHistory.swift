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
    /// while a client pages never shift anyone past it.
    var sortedIds: [String]
  }

  private struct State {
    var snapshot: Snapshot
    var log: [Change] = []
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
      for edit in edits {
        var removal: String?
        if case .delete(_, let permanent) = edit { removal = permanent ? "deleted" : "changed" }
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
    Snapshot(directory: directory, version: version, sortedIds: directory.users.map(\.id).sorted())
  }
}
