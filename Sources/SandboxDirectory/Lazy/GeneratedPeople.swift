/// The people of a `LazyOrganisation` as the directory holds them: everyone is computed on
/// request, and only the changes made at run time (control API, churn) are stored beside it —
/// people removed, people replaced by an edited copy, people added.
///
/// Positions (what `Directory.users` indexes) are dense: the organisation's people minus the
/// removed ones, in index order, then the added ones. Keys are stable across edits (an index for
/// the organisation's people, `size + serial` for added ones), so `/users/delta` pages by key and
/// nobody is skipped or served twice when people come or go between pages.
struct GeneratedPeople: Sendable {
  let organisation: LazyOrganisation
  /// Removed organisation indexes, ascending.
  private(set) var removed: [Int] = []
  private var removedSet: Set<Int> = []
  /// Edited people of the organisation by index.
  private var replaced: [Int: DirectoryUser] = [:]
  /// Replaced people whose UPN changed, by lower-cased new UPN (the index no longer decodes from it).
  private var replacedByUPN: [String: Int] = [:]
  /// People added at run time with their keys, ascending by key.
  private var added: [(key: Int, user: DirectoryUser)] = []
  private var addedById: [String: Int] = [:]
  private var addedByUPN: [String: Int] = [:]
  private var nextKey: Int

  init(_ organisation: LazyOrganisation) {
    self.organisation = organisation
    nextKey = organisation.size
  }

  var count: Int { organisation.size - removed.count + added.count }
  private var baseCount: Int { organisation.size - removed.count }

  /// The organisation index of the person at `position` (nil for an added person).
  private func baseIndex(at position: Int) -> Int? {
    guard position < baseCount else { return nil }
    // The number of removed indexes r_j with r_j - j <= position: the person is `position` + that.
    var low = 0
    var high = removed.count
    while low < high {
      let middle = (low + high) / 2
      if removed[middle] - middle <= position { low = middle + 1 } else { high = middle }
    }
    return position + low
  }

  private func position(ofBase index: Int) -> Int? {
    guard index < organisation.size, !removedSet.contains(index) else { return nil }
    return index - rank(index)
  }

  /// How many removed indexes are below `index`.
  private func rank(_ index: Int) -> Int {
    var low = 0
    var high = removed.count
    while low < high {
      let middle = (low + high) / 2
      if removed[middle] < index { low = middle + 1 } else { high = middle }
    }
    return low
  }

  func user(at position: Int) -> DirectoryUser {
    if let index = baseIndex(at: position) { return replaced[index] ?? organisation.user(at: index) }
    return added[position - baseCount].user
  }

  func key(at position: Int) -> Int {
    baseIndex(at: position) ?? added[position - baseCount].key
  }

  /// The position of the person with this id, or (case-insensitively) this UPN.
  func position(ofIdOrUPN key: String) -> Int? {
    if let index = organisation.index(ofId: key) { return position(ofBase: index) }
    let folded = key.lowercased()
    if let slot = addedById[folded] ?? addedByUPN[folded] { return baseCount + slot }
    if let index = replacedByUPN[folded] { return position(ofBase: index) }
    if let index = organisation.index(ofUserPrincipalName: folded), let position = position(ofBase: index),
      user(at: position).userPrincipalName.lowercased() == folded
    {
      return position
    }
    return nil
  }

  /// Direct reports' positions: the tree's, still there and still naming this manager, then the
  /// added people who name them.
  func reportPositions(of position: Int) -> [Int] {
    let manager = user(at: position)
    var reports: [Int] = []
    if let index = baseIndex(at: position) {
      for report in organisation.reportIndexes(of: index) {
        guard let at = self.position(ofBase: report) else { continue }
        if let edited = replaced[report], edited.managerId != manager.id { continue }
        reports.append(at)
      }
    }
    for (slot, entry) in added.enumerated() where entry.user.managerId == manager.id {
      reports.append(baseCount + slot)
    }
    return reports
  }

  /// Up to `limit` people after `key` (from the start when nil), by key; `more` when some are left.
  func people(afterKey key: Int?, limit: Int) -> (users: [DirectoryUser], lastKey: Int?, more: Bool) {
    var users: [DirectoryUser] = []
    users.reserveCapacity(min(limit, count))
    var next = key.map { $0 + 1 } ?? 0
    var lastKey: Int?
    while next < organisation.size {
      if removedSet.contains(next) {
        next += 1
        continue
      }
      if users.count == limit { return (users, lastKey, true) }
      users.append(replaced[next] ?? organisation.user(at: next))
      lastKey = next
      next += 1
    }
    for entry in added where entry.key >= next {
      if users.count == limit { return (users, lastKey, true) }
      users.append(entry.user)
      lastKey = entry.key
    }
    return (users, lastKey, false)
  }

  /// People not hidden from the address list, counted without making anyone who was not edited.
  var listedCount: Int {
    var listed = 0
    var nextRemoved = 0
    for index in 0..<organisation.size {
      if nextRemoved < removed.count, removed[nextRemoved] == index {
        nextRemoved += 1
        continue
      }
      if let edited = replaced[index] {
        if edited.showInAddressList != false { listed += 1 }
      } else if !organisation.isHidden(index) {
        listed += 1
      }
    }
    return listed + added.count { $0.user.showInAddressList != false }
  }

  // MARK: - Edits

  mutating func add(_ user: DirectoryUser) throws(DirectoryEditError) {
    if position(ofIdOrUPN: user.id) != nil { throw DirectoryEditError("a user with id \(user.id) already exists") }
    if position(ofIdOrUPN: user.userPrincipalName) != nil {
      throw DirectoryEditError("a user with userPrincipalName \(user.userPrincipalName) already exists")
    }
    added.append((nextKey, user))
    nextKey += 1
    reindexAdded()
  }

  mutating func update(_ user: DirectoryUser) throws(DirectoryEditError) {
    guard let position = position(ofIdOrUPN: user.id) else {
      throw DirectoryEditError("no user with id \(user.id)", notFound: true)
    }
    if let index = baseIndex(at: position) {
      replacedByUPN = replacedByUPN.filter { $0.value != index }
      replaced[index] = user
      if organisation.index(ofUserPrincipalName: user.userPrincipalName) != index {
        replacedByUPN[user.userPrincipalName.lowercased()] = index
      }
    } else {
      added[position - baseCount].user = user
      reindexAdded()
    }
  }

  mutating func delete(id: String) throws(DirectoryEditError) {
    guard let position = position(ofIdOrUPN: id) else {
      throw DirectoryEditError("no user with id \(id)", notFound: true)
    }
    if let index = baseIndex(at: position) {
      removed.insert(index, at: rank(index))
      removedSet.insert(index)
      replaced[index] = nil
      replacedByUPN = replacedByUPN.filter { $0.value != index }
    } else {
      added.remove(at: position - baseCount)
      reindexAdded()
    }
  }

  private mutating func reindexAdded() {
    addedById = [:]
    addedByUPN = [:]
    for (slot, entry) in added.enumerated() {
      addedById[entry.user.id.lowercased()] = slot
      addedByUPN[entry.user.userPrincipalName.lowercased()] = slot
    }
  }
}
