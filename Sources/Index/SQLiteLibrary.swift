import GRDB

/// The SQLite library the index runs with, for `roster version` and `roster doctor`.
public enum SQLiteLibrary {
  /// `sqlite_version()` of an in-memory database: the loaded library's version, not the headers'.
  public static var version: String {
    (try? DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }) ?? "unknown"
  }
}
