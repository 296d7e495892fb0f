import GRDB

/// SQLite settings of the writer connection for the length of a full sync, when rows arrive by
/// the hundred thousand. Staged rows are appended (`DirectoryIndex+Staging`), but the staging
/// table's id index takes them in the order of random object ids, so every page of 1,000 people
/// touches hundreds of index pages scattered over the file, and the last page writes the whole
/// generation in one transaction.
///
/// - A larger page cache: with SQLite's default 2 MB, nearly every insert read its page back from
///   the file and the cache spilled dirty pages mid-transaction; half the sync's CPU was the kernel
///   copying pages (measured when rows went straight to random row ids, schema v2).
/// - A larger WAL before a checkpoint: the same pages are written again by later pages, and a
///   checkpoint copies (and syncs) each page once however often the WAL holds it.
///
/// Crash safety is unchanged: `synchronous` stays as it is (WAL, NORMAL), each page is still one
/// committed transaction, and a killed process leaves the WAL to be replayed at the next open.
extension DirectoryIndex {
  /// The page cache while bulk writing, in KiB (SQLite's negative `cache_size`): bounded so a
  /// sync of a million people stays within its memory target.
  static let bulkCacheKiB = 8 * 1024
  /// WAL pages before an automatic checkpoint while bulk writing (4 KiB each).
  static let bulkCheckpointPages = 8192

  func beginBulkWrites() throws {
    try pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA cache_size = -\(Self.bulkCacheKiB)")
      try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.bulkCheckpointPages)")
    }
  }

  /// Back to SQLite's defaults (the UI keeps the index open after a sync), and the WAL folded
  /// into the file as far as readers allow.
  func endBulkWrites() throws {
    try pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA cache_size = -2000")
      try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000")
      _ = try? db.checkpoint(.passive)
    }
  }
}
