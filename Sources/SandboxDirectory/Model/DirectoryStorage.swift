import Foundation
import SearchRules

/// The immutable tables behind a `Directory`: users in their stable order, lookups by id and UPN,
/// the reporting lines, and per-user folded text so queries never fold a name twice.
///
/// Names repeat a lot in a large organisation (and all generated ones come from tables), so
/// folding and tokenizing go through `FoldingMemo`: each distinct string is processed once.
final class DirectoryStorage: Sendable {
  let users: DirectoryPeople
  let defaultUserIndex: Int
  /// Empty for generated people, whose ids and UPNs name their positions themselves.
  let indexById: [String: Int]
  private let indexByLowercasedUPN: [String: Int]
  /// Direct reports of each user, by index, in user order (empty for generated people).
  private let reportIndexTable: [[Int]]
  let records: UserRecords
  private let displayNameRanks: LazyRanks
  private let userPrincipalNameRanks: LazyRanks

  init(users: [DirectoryUser], defaultUserIndex: Int) {
    self.users = DirectoryPeople(.stored(users))
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
    reportIndexTable = reports
    let records = UserRecords(users)
    self.records = records
    displayNameRanks = LazyRanks(users: self.users) { records.caseFolded(.displayName, at: $0) }
    userPrincipalNameRanks = LazyRanks(users: self.users) { records.caseFolded(.userPrincipalName, at: $0) }
  }

  /// Generated people: no tables (every lookup is computed), folded text made as queries ask.
  init(generated: GeneratedPeople) {
    let people = DirectoryPeople(.generated(generated))
    users = people
    defaultUserIndex = 0
    indexById = [:]
    indexByLowercasedUPN = [:]
    reportIndexTable = []
    let records = UserRecords(computing: people)
    self.records = records
    displayNameRanks = LazyRanks(users: people) { records.caseFolded(.displayName, at: $0) }
    userPrincipalNameRanks = LazyRanks(users: people) { records.caseFolded(.userPrincipalName, at: $0) }
  }

  /// The position of the user with exactly this id.
  func index(ofId id: String) -> Int? {
    if let generated = users.generated { return generated.position(ofIdOrUPN: id) }
    return indexById[id]
  }

  /// Ids match exactly or lower-cased (Graph object ids are case-insensitive GUIDs); UPNs match
  /// ignoring case.
  func index(ofIdOrUPN key: String) -> Int? {
    if let generated = users.generated { return generated.position(ofIdOrUPN: key) }
    let folded = TextFolding.caseFolded(key)
    return indexById[key] ?? indexById[folded] ?? indexByLowercasedUPN[folded]
  }

  /// Positions of the people who report to the user at `index`, in user order.
  func reportIndexes(of index: Int) -> [Int] {
    if let generated = users.generated { return generated.reportPositions(of: index) }
    return reportIndexTable[index]
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
  private let users: DirectoryPeople
  private let key: @Sendable (Int) -> String?

  init(users: DirectoryPeople, key: @escaping @Sendable (Int) -> String?) {
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
