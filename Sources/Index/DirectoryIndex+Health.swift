import AppRuntime
import Diagnostics
import Foundation
import GRDB

/// Whether the file an open index reads is still the one it opened, and still readable (issue 28
/// item 2). A running UI keeps its connections to the file it opened: truncated under it, SQLite
/// answers some queries from its page cache and fails others, and a swallowed failure read as
/// "No one matches"; deleted, it went on answering from (and syncing into) the unlinked file while
/// `roster index status` said there was none. So the first read that fails as damage is kept here,
/// and every search and sync also compares the path's device and inode (and size) with the file's
/// at open: one `stat`, a few microseconds a key.
final class IndexHealth: Sendable {
  /// The file at open; nil when it could not be read.
  let opened: FileStamp?
  private let failure = LockedValue<String?>(nil)

  init(path: String) {
    opened = FileStamp.of(path)
  }

  /// Keeps the first failure that says the file is damaged.
  func note(_ message: String) {
    failure.withLock { $0 = $0 ?? message }
  }

  var noted: String? { failure.current }
}

extension DirectoryIndex {
  /// Said when a read failed as damage or the file became empty: the words that matter first.
  public static let damagedMessage = "Local index damaged: rebuilding it; Graph answers meanwhile."
  /// Said when the file was deleted under the running UI.
  public static let deletedMessage = "Local index deleted: rebuilding it; Graph answers meanwhile."
  /// Said when another file took the path (another roster rebuilt it, or a copy was restored).
  public static let replacedMessage = "Local index replaced on disk: reopening it; Graph answers meanwhile."

  /// Whether `error` says the file cannot be read as the database it was (corrupt, not a
  /// database, an I/O error, a table gone): the index must not answer again. Busy, locked, full
  /// and interrupted are conditions of the moment, not damage.
  public static func isDamage(_ error: any Error) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    switch error.resultCode.primaryResultCode {
    case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_ERROR, .SQLITE_SCHEMA: return true
    default: return false
    }
  }

  /// Records `error` when it is damage (`isDamage`), so the next `damage()` says so; logged
  /// once, with SQLite's words, for a support case.
  public func noteFailure(_ error: any Error) {
    guard Self.isDamage(error), health.noted == nil else { return }
    DiagnosticLog.logger("roster.index").warning(
      "index read failed: treating the file as damaged",
      metadata: ["file": "\(location.file.lastPathComponent)", "error": "\(error)"])
    health.note(Self.damagedMessage)
  }

  /// Why this open index can no longer be trusted, nil while it can: a read failed as damage,
  /// or the file at its path is gone, another file, or empty (an index in use is never 0 bytes:
  /// WAL mode writes the header at creation).
  public func damage() -> String? {
    if let noted = health.noted { return noted }
    guard let opened = health.opened else { return nil }
    guard let now = FileStamp.of(location.file.path) else { return Self.deletedMessage }
    if !now.isSameFile(as: opened) { return Self.replacedMessage }
    if now.size == 0 { return Self.damagedMessage }
    return nil
  }

  /// Indexes taken out of use after a damage, kept open until the process ends (`retire`).
  private static let retired = LockedValue<[DirectoryIndex]>([])

  /// Takes this index out of use after a damage without closing it. Closing is not safe then: a
  /// background read (the close-match vocabulary, a sync's page) may still be running on it, and
  /// a read on a closed connection crashes inside SQLite (a test process's segfault, reading a
  /// field of a null `sqlite3`); and the last connection to close deletes `<path>-wal` by its
  /// name, which is by then the new file's. Its connections keep the old, unlinked or moved files
  /// (their own inodes: a new index at the path shares no WAL, shared memory or lock with them)
  /// for the rest of the run, a few hundred kilobytes once per damage.
  public func retire() {
    Self.retired.withLock { $0.append(self) }
  }

  /// Clears the path for a new index after `damage`: a damaged file that still holds data is
  /// moved aside (`….corrupt-<time>`) and its WAL and shared memory removed; a deleted or
  /// emptied one has nothing worth keeping. A file another process put there is left alone.
  /// Returns where the damaged file went, if anywhere.
  public static func setAside(_ location: IndexLocation, after damage: String) -> String? {
    guard damage != replacedMessage else { return nil }
    let manager = FileManager.default
    var aside: String?
    if let file = FileStamp.of(location.file.path), file.size > 0 {
      let path = location.file.path + ".corrupt-\(Int(Date().timeIntervalSince1970))"
      if (try? manager.moveItem(atPath: location.file.path, toPath: path)) != nil { aside = path }
    } else {
      try? manager.removeItem(at: location.file)
    }
    for file in location.allFiles.dropFirst() where file != location.lockFile {
      try? manager.removeItem(at: file)
    }
    return aside
  }
}
