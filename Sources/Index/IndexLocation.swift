import Foundation
import RosterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where one account's index lives: `$XDG_CACHE_HOME/roster/index-<tenant>-<account>.sqlite`
/// (default `~/.cache/roster/`), the directory 0700 and the files 0600 — the index holds the
/// directory's names, mail and phones, which are as private as the token that read them.
///
/// A cache, not state: it can be deleted at any time (`roster index forget`) and is rebuilt from
/// Graph; that is why it is under XDG_CACHE_HOME and the tokens are under XDG_STATE_HOME.
public struct IndexLocation: Sendable, Equatable {
  public var directory: URL
  public var file: URL

  public init(directory: URL, tenantId: String, accountId: String) {
    self.directory = directory
    let name = "index-\(Self.safe(tenantId))-\(Self.safe(accountId)).sqlite"
    file = directory.appendingPathComponent(name)
  }

  /// `$XDG_CACHE_HOME/roster` (absolute values only, as XDG asks), else `~/.cache/roster`.
  public static func cacheDirectory(environment: [String: String]) -> URL {
    if let value = environment["XDG_CACHE_HOME"], value.hasPrefix("/") {
      return URL(fileURLWithPath: value).appendingPathComponent("roster")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/roster")
  }

  /// The lock file that keeps syncs of this account to one process at a time.
  public var lockFile: URL { file.appendingPathExtension("lock") }

  /// Every file SQLite keeps for the database (WAL mode adds `-wal` and `-shm`), and the lock.
  public var allFiles: [URL] {
    [file, URL(fileURLWithPath: file.path + "-wal"), URL(fileURLWithPath: file.path + "-shm"), lockFile]
  }

  /// Creates the directory 0700 (repairing wider permissions) and the database file 0600.
  func prepare() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    chmod(directory.path, 0o700)
    let descriptor = open(file.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
    chmod(file.path, 0o600)
  }

  /// Ids and tenant names keep letters, digits, `.` and `-`; anything else becomes `_`, so a
  /// hostile claim cannot walk out of the cache directory.
  static func safe(_ text: String) -> String {
    let kept = text.unicodeScalars.map { scalar -> Character in
      let ok = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == ".")
      return ok ? Character(scalar) : "_"
    }
    let joined = String(kept.prefix(80))
    return joined.isEmpty || joined.allSatisfy({ $0 == "." }) ? "_" : joined
  }
}

extension IndexLocation {
  /// The index of a signed-in account: keyed by tenant and the account's object id, so two
  /// accounts (or one person in two tenants) never share a directory copy.
  /// `directory` replaces the cache directory (the demo's own, `DemoData`).
  public init(account: Account, environment: [String: String], directory: URL? = nil) {
    let objectId = account.homeAccountId.split(separator: ".").first.map(String.init) ?? account.homeAccountId
    self.init(
      directory: directory ?? Self.cacheDirectory(environment: environment), tenantId: account.tenantId.string,
      accountId: objectId)
  }
}

extension IndexLocation {
  /// An index file by path (the benchmark opens the one a `roster index sync` wrote).
  public init(file: URL) {
    directory = file.deletingLastPathComponent()
    self.file = file
  }
}
