import Foundation
import RosterCore

/// Where tokens live: a file per profile, or memory only (`--no-persist`).
///
/// `update` is the only way to change the cache: it takes the lock, re-reads the current
/// content (another process may have refreshed), lets the caller change it, and writes it back
/// if it changed, so two running copies never lose each other's refreshed tokens.
public protocol TokenStore: Sendable {
  /// The file's path, or nil for memory.
  var location: String? { get }
  /// The current content (no lock: for reading only).
  func load() async throws -> TokenCacheFile
  /// Read-modify-write under the lock.
  func update<Result: Sendable>(_ body: (inout TokenCacheFile) async throws -> Result) async throws -> Result
}

/// Tokens held in memory for this process only.
public final class MemoryTokenStore: TokenStore, @unchecked Sendable {
  // @unchecked: `file` is touched only while `lock` is held.
  private let lock = AsyncLock()
  private var file = TokenCacheFile()

  public init() {}

  public var location: String? { nil }

  public func load() async throws -> TokenCacheFile {
    await lock.lock()
    let copy = file
    await lock.unlock()
    return copy
  }

  public func update<Result: Sendable>(_ body: (inout TokenCacheFile) async throws -> Result) async throws -> Result {
    await lock.lock()
    do {
      var copy = file
      let result = try await body(&copy)
      file = copy
      await lock.unlock()
      return result
    } catch {
      await lock.unlock()
      throw error
    }
  }
}
