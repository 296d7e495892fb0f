import Foundation
import SearchRules

/// Loads a people file in either form: today's JSON array of users, or an object
/// `{"users": […], "groups": […]}` whose groups carry Graph's group properties plus `members` and
/// `owners` as lists of user principal names (or user ids) and other groups' `mailNickname` (or ids).
/// Nesting and cycles are allowed, as in Graph; a Microsoft 365 group cannot hold groups.
///
/// Any problem refuses the whole file with one message naming the group (index and displayName)
/// and the field, so nothing is half-loaded.
enum GroupsFileLoader {
  static func load(_ data: Data, name: String) throws(PeopleFileError) -> (users: [DirectoryUser], groups: GroupSet) {
    let document: JSONValue
    do {
      document = try JSONParser.parse(data)
    } catch {
      _ = try PeopleFileLoader.users(from: data, name: name)  // the array form's message names the entry
      throw PeopleFileError("people file '\(name)' is not valid JSON: \(error)")
    }
    guard case .object(let members) = document else {
      return (try PeopleFileLoader.users(from: data, name: name), GroupSet())
    }
    guard members.contains(where: { $0.0 == "users" || $0.0 == "groups" }) else {
      throw PeopleFileError(
        "people file '\(name)' must be a JSON array of user objects, found an object with neither \"users\" nor "
          + "\"groups\" (the other form is {\"users\": […], \"groups\": […]})")
    }
    var usersValue: JSONValue?
    var groupsValue: JSONValue?
    for (key, value) in members {
      switch key {
      case "users": usersValue = value
      case "groups": groupsValue = value
      default:
        if key.hasPrefix("@") { continue }
        throw PeopleFileError(
          "people file '\(name)': unknown top-level member '\(key)' (expected \"users\" and \"groups\")")
      }
    }
    guard let usersValue else {
      throw PeopleFileError(
        "people file '\(name)' must be a JSON array of user objects, found an object without \"users\" "
          + "(the other form is {\"users\": […], \"groups\": […]})")
    }
    guard case .array(let userElements) = usersValue else {
      throw PeopleFileError(
        "people file '\(name)': \"users\" must be an array of user objects, found \(usersValue.kindName)")
    }
    let users = try PeopleFileLoader.users(elements: userElements, name: name)
    var groupElements: [JSONValue] = []
    if let groupsValue {
      guard case .array(let elements) = groupsValue else {
        throw PeopleFileError(
          "people file '\(name)': \"groups\" must be an array of group objects, found \(groupsValue.kindName)")
      }
      groupElements = elements
    }
    return (users, try groups(groupElements, users: users))
  }

  static func groups(_ elements: [JSONValue], users: [DirectoryUser]) throws(PeopleFileError) -> GroupSet {
    var entries: [GroupsFileEntry] = []
    for (index, element) in elements.enumerated() { entries.append(try GroupsFileEntry(element, index: index)) }
    // Nicknames first: a derived id repeats only because the nickname does.
    var groupByKey: [String: Int32] = [:]
    for (index, entry) in entries.enumerated() {
      guard let nickname = entry.group.mailNickname else { continue }
      if let first = groupByKey[TextFolding.caseFolded(nickname)] {
        throw entry.fail("field 'mailNickname' duplicates the one of group at index \(first) (\"\(nickname)\")")
      }
      groupByKey[TextFolding.caseFolded(nickname)] = Int32(index)
    }
    var ids: [String: Int] = [:]
    for (index, entry) in entries.enumerated() {
      let id = TextFolding.caseFolded(entry.group.id)
      if let first = ids.updateValue(index, forKey: id) {
        throw entry.fail("field 'id' duplicates the id of group at index \(first)")
      }
      if let other = groupByKey[id], Int(other) != index {
        throw entry.fail("field 'id' equals the mailNickname of group at index \(other)")
      }
      groupByKey[id] = Int32(index)
    }
    var userByKey: [String: Int32] = [:]
    for (index, user) in users.enumerated() {
      userByKey[TextFolding.caseFolded(user.id)] = Int32(index)
      userByKey[TextFolding.caseFolded(user.userPrincipalName)] = Int32(index)
    }
    var groups: [DirectoryGroup] = []
    for (index, entry) in entries.enumerated() {
      var group = entry.group
      func resolve(_ references: [String], field: String) throws(PeopleFileError) -> [DirectoryObjectRef] {
        var resolved: [DirectoryObjectRef] = []
        for reference in references {
          let key = TextFolding.caseFolded(reference)
          let found: DirectoryObjectRef
          if let user = userByKey[key] {
            found = .user(user)
          } else if let other = groupByKey[key] {
            guard Int(other) != index || field == "owners" else {
              throw entry.fail("field '\(field)' names the group itself (\"\(reference)\")")
            }
            found = .group(other)
          } else {
            throw entry.fail(
              "field '\(field)' refers to \"\(reference)\", which is neither a user (userPrincipalName or id) nor a "
                + "group (mailNickname or id) in the file")
          }
          if !resolved.contains(found) { resolved.append(found) }
        }
        return resolved
      }
      let members = try resolve(entry.memberReferences, field: "members")
      if group.isUnified, members.contains(where: { if case .group = $0 { true } else { false } }) {
        throw entry.fail("field 'members' puts a group into a Microsoft 365 group, which Graph does not allow")
      }
      group.members = GroupMembers(others: members)
      group.owners = try resolve(entry.ownerReferences, field: "owners").filter {
        if case .user = $0 { true } else { false }
      }
      groups.append(group)
    }
    return GroupSet(groups: groups)
  }
}
