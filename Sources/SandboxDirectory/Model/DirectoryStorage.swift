import Foundation
import SearchRules

/// The immutable tables behind a `Directory`: users in their stable order, lookups by id and UPN,
/// the reporting lines, and per-user folded text so queries never fold a name twice.
///
/// Names repeat a lot in a large organisation (and all generated ones come from tables), so
/// folding and tokenizing go through `FoldingMemo`: each distinct string is processed once.
final class DirectoryStorage: Sendable {
  let users: [DirectoryUser]
  let defaultUserIndex: Int
  let indexById: [String: Int]
  let indexByLowercasedUPN: [String: Int]
  /// Direct reports of each user, by index, in user order.
  let reportIndexes: [[Int]]
  let records: UserRecords
  private let displayNameRanks: LazyRanks
  private let userPrincipalNameRanks: LazyRanks

  init(users: [DirectoryUser], defaultUserIndex: Int) {
    self.users = users
    self.defaultUserIndex = defaultUserIndex
    var byId: [String: Int] = [:]
    var byUPN: [String: Int] = [:]
    byId.reserveCapacity(users.count)
    byUPN.reserveCapacity(users.count)
    for (index, user) in users.enumerated() {
      byId[user.id] = index
      byUPN[TextFolding.caseFolded(user.userPrincipalName)] = index
    }
    indexById = byId
    indexByLowercasedUPN = byUPN
    var reports = [[Int]](repeating: [], count: users.count)
    for (index, user) in users.enumerated() {
      if let managerId = user.managerId, let managerIndex = byId[managerId] { reports[managerIndex].append(index) }
    }
    reportIndexes = reports
    let records = UserRecords(users)
    self.records = records
    displayNameRanks = LazyRanks(users: users) { records.caseFolded(.displayName, at: $0) }
    userPrincipalNameRanks = LazyRanks(users: users) { records.caseFolded(.userPrincipalName, at: $0) }
  }

  /// Ids match exactly or lower-cased (Graph object ids are case-insensitive GUIDs); UPNs match
  /// ignoring case.
  func index(ofIdOrUPN key: String) -> Int? {
    let folded = TextFolding.caseFolded(key)
    return indexById[key] ?? indexById[folded] ?? indexByLowercasedUPN[folded]
  }

  /// User indexes sorted by the property (case-insensitively, then by id); nulls sort first.
  /// Computed on the first `$orderby` that needs it.
  func sortedIndexes(_ field: UserField) -> [Int] {
    field == .displayName ? displayNameRanks.value : userPrincipalNameRanks.value
  }
}

/// A sort order computed once, on first use, under a lock.
final class LazyRanks: @unchecked Sendable {
  private let lock = NSLock()
  private var computed: [Int]?
  private let users: [DirectoryUser]
  private let key: @Sendable (Int) -> String?

  init(users: [DirectoryUser], key: @escaping @Sendable (Int) -> String?) {
    self.users = users
    self.key = key
  }

  var value: [Int] {
    lock.lock()
    defer { lock.unlock() }
    if let computed { return computed }
    let keys = users.indices.map(key)
    let ids = users.map(\.id)
    let order = users.indices.sorted { left, right in
      switch (keys[left], keys[right]) {
      case (nil, nil): return ids[left] < ids[right]
      case (nil, _): return true
      case (_, nil): return false
      case (let leftKey?, let rightKey?): return leftKey == rightKey ? ids[left] < ids[right] : leftKey < rightKey
      }
    }
    computed = order
    return order
  }
}
