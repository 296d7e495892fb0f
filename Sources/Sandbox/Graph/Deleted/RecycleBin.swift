import Foundation
import SandboxDirectory
import Synchronization

/// The tenant's soft-deleted users and Microsoft 365 groups (`/directory/deletedItems`).
///
/// It starts with a handful generated from the seed, deleted 1 to 29 days before the sandbox
/// started (some with names that try to escape a terminal), and gains every user the control API
/// or `--churn` soft-deletes afterwards: the directory's change log says who left without
/// `permanent`, and the snapshot seen before says who they were. That is noticed at the next read
/// of deleted items or audits, which stamps `deletedDateTime`; a read follows an edit within one
/// request in every test, and a person reading the list sees the minute they deleted someone.
/// Entries older than 30 days are gone, as Graph purges them (directory-deleteditems-list).
final class RecycleBin: Sendable {
  /// Graph keeps deleted items 30 days, then deletes them for good.
  static let retention: TimeInterval = 30 * 86_400

  private struct State {
    var items: [DeletedObject]
    var seenVersion: Int
    var seenDirectory: Directory
  }

  private let state: Mutex<State>

  init(seed: UInt64, directory: Directory, now: Date) {
    state = Mutex(
      State(items: Self.generated(seed: seed, directory: directory, now: now), seenVersion: 0, seenDirectory: directory)
    )
  }

  /// What is deleted and not yet purged at `now`, newest first, after noticing `history`'s soft deletes.
  func items(history: DirectoryHistory, now: Date) -> [DeletedObject] {
    let snapshot = history.current
    return state.withLock { state in
      if snapshot.version > state.seenVersion,
        let changes = history.changes(after: state.seenVersion, through: snapshot.version)
      {
        for change in changes where change.removal == "changed" {
          guard let user = state.seenDirectory.user(idOrUPN: change.id),
            !state.items.contains(where: { $0.id == change.id })
          else { continue }
          state.items.append(.user(user, in: state.seenDirectory, deletedAt: now, by: nil))
        }
      }
      state.seenVersion = snapshot.version
      state.seenDirectory = snapshot.directory
      state.items.removeAll { now.timeIntervalSince($0.deletedDateTime) >= Self.retention }
      return state.items.sorted { $0.deletedDateTime > $1.deletedDateTime }
    }
  }
}
