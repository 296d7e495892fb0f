import Foundation

/// Loads `--people FILE`: a JSON array of user objects with Graph v1.0 property names plus
/// `manager` (the manager's id or userPrincipalName). Missing properties are null; a missing id is
/// derived from the UPN; a missing UPN is derived from mail, mailNickname or displayName.
///
/// Any problem refuses the whole file with one message that names the entry (index, and
/// displayName/UPN when present) and the field, so nothing is half-loaded.
enum PeopleFileLoader {
  static func load(url: URL) throws(PeopleFileError) -> [DirectoryUser] {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw PeopleFileError("people file '\(url.path)' cannot be read: \(error.localizedDescription)")
    }
    return try users(from: data, name: url.path)
  }

  /// Parses and checks file contents; `name` is used in messages.
  static func users(from data: Data, name: String = "people file") throws(PeopleFileError) -> [DirectoryUser] {
    let document: JSONValue
    do {
      document = try JSONParser.parse(data)
    } catch {
      if let entry = error.entry {
        let field = error.member.map { ", field '\($0)'" } ?? ""
        throw PeopleFileError("people file '\(name)' is not valid JSON: entry at index \(entry)\(field): \(error)")
      }
      throw PeopleFileError("people file '\(name)' is not valid JSON: \(error)")
    }
    guard case .array(let elements) = document else {
      throw PeopleFileError("people file '\(name)' must be a JSON array of user objects, found \(document.kindName)")
    }
    return try users(elements: elements, name: name)
  }

  /// The user objects of a people file (its array, or its `users` member).
  static func users(elements: [JSONValue], name: String) throws(PeopleFileError) -> [DirectoryUser] {
    guard !elements.isEmpty else { throw PeopleFileError("people file '\(name)' contains no users") }
    var entries: [PeopleFileEntry] = []
    entries.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() { entries.append(try PeopleFileEntry(element, index: index)) }
    try checkUnique(entries)
    try resolveManagers(&entries)
    try checkCycles(entries)
    return entries.map(\.user)
  }

  private static func checkUnique(_ entries: [PeopleFileEntry]) throws(PeopleFileError) {
    var ids: [String: Int] = [:]
    var principalNames: [String: Int] = [:]
    for (index, entry) in entries.enumerated() {
      // UPN first: a derived id repeats only because the UPN does.
      let upn = entry.user.userPrincipalName.lowercased()
      if let first = principalNames.updateValue(index, forKey: upn) {
        throw entry.fail(
          "field 'userPrincipalName' duplicates the one of entry at index \(first) (\"\(entry.user.userPrincipalName)\")"
        )
      }
      if let first = ids.updateValue(index, forKey: entry.user.id) {
        throw entry.fail("field 'id' duplicates the id of entry at index \(first) (\"\(entry.user.id)\")")
      }
    }
  }

  /// Turns each `manager` reference (id first, then UPN ignoring case) into the manager's id.
  private static func resolveManagers(_ entries: inout [PeopleFileEntry]) throws(PeopleFileError) {
    var byId: [String: String] = [:]
    var byUPN: [String: String] = [:]
    for entry in entries {
      byId[entry.user.id] = entry.user.id
      byUPN[entry.user.userPrincipalName.lowercased()] = entry.user.id
    }
    for index in entries.indices {
      guard let reference = entries[index].managerReference else { continue }
      guard let managerId = byId[reference] ?? byUPN[reference.lowercased()] else {
        throw entries[index].fail(
          "field 'manager' refers to \"\(reference)\", which is neither the id nor the userPrincipalName of any entry")
      }
      entries[index].user.managerId = managerId
    }
  }

  /// Walks every management chain; a chain that comes back to a person is refused.
  private static func checkCycles(_ entries: [PeopleFileEntry]) throws(PeopleFileError) {
    var indexById: [String: Int] = [:]
    for (index, entry) in entries.enumerated() { indexById[entry.user.id] = index }
    // 0 = not visited, 1 = on the current chain, 2 = known to reach the top.
    var state = [UInt8](repeating: 0, count: entries.count)
    for start in entries.indices where state[start] == 0 {
      var chain: [Int] = []
      var current: Int? = start
      while let index = current, state[index] != 2 {
        if state[index] == 1 {
          let loop = chain[chain.firstIndex(of: index)!...] + [index]
          let names = loop.map { entries[$0].user.userPrincipalName }.joined(separator: " → ")
          throw entries[index].fail("field 'manager' forms a cycle: \(names)")
        }
        state[index] = 1
        chain.append(index)
        current = entries[index].user.managerId.flatMap { indexById[$0] }
      }
      for index in chain { state[index] = 2 }
    }
  }
}
