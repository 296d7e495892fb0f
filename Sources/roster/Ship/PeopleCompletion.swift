import Foundation
import Identity
import Index
import RosterCore
import SearchRules

/// Names for `roster show <Tab>` (and filters for `roster search`): sign-in names from the signed-in account's local index, read
/// from disk only (the token cache for who is signed in, then the index). Never the network, and
/// nothing when there is no account or no index: completion must be instant and silent.
enum PeopleCompletion {
  static let limit = 40

  @Sendable static func names(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let directory = signedInIndex(), let people = try? directory.search(prefix, limit: limit) else { return [] }
    var seen: Set<String> = []
    return people.compactMap { ($0.userPrincipalName ?? $0.mail)?.string }.filter { seen.insert($0).inserted }
  }

  /// Filter names and values for `roster search dep<Tab>` / `dept:fi<Tab>` (`FilterCompletion`),
  /// the values from the local index; names alone without one.
  @Sendable static func searchWords(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
    let values = prefix.contains(":") ? ((try? signedInIndex()?.filterValues()) ?? [:]) : [:]
    return FilterCompletion.candidates(for: prefix) { values[$0] ?? [] }
  }

  /// The signed-in account's local index, opened from disk without upgrading it; nil when there is
  /// no account or no index, or the index was filled for another grant.
  static func signedInIndex() -> DirectoryIndex? {
    let environment = ProcessInfo.processInfo.environment
    guard let account = activeAccount(environment: environment) else { return nil }
    let location = IndexLocation(account: account, environment: environment)
    guard FileManager.default.fileExists(atPath: location.file.path),
      let directory = try? DirectoryIndex.open(location, upgrade: false),
      (try? directory.conform(to: ProfileGrant(account))) != nil
    else { return nil }
    return directory
  }

  /// The active account of the token cache, read without refreshing anything.
  static func activeAccount(environment: [String: String]) -> Account? {
    let store = FileTokenStore(directory: Settings.stateDirectory(environment: environment), warn: { _ in })
    let result = LockedBox<Account?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      if let file = try? await store.load(), let key = file.activeAccount, let entry = file.accounts[key],
        entry.refreshToken != nil, entry.signedOutReason == nil
      {
        result.set(entry.account)
      }
      done.signal()
    }
    done.wait()
    return result.get()
  }
}

/// A value handed from the detached task back to the waiting main thread.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func set(_ newValue: Value) { lock.withLock { value = newValue } }
  func get() -> Value { lock.withLock { value } }
}
