import Foundation

/// One change to the directory at run time (the control API and `--churn`).
public enum DirectoryEdit: Sendable, Equatable {
  case add(DirectoryUser)
  /// Replaces the user with the same id.
  case update(DirectoryUser)
  /// `permanent`: hard-deleted (delta says `"deleted"`) rather than soft-deleted (`"changed"`).
  case delete(id: String, permanent: Bool)

  public var userId: String {
    switch self {
    case .add(let user), .update(let user): user.id
    case .delete(let id, _): id
    }
  }
}

/// Why an edit was refused; the control API answers 400 (or 404) with `description`.
public struct DirectoryEditError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public var isNotFound: Bool
  init(_ description: String, notFound: Bool = false) {
    self.description = description
    self.isNotFound = notFound
  }
}

extension Directory {
  /// A new directory with `edits` applied in order. The directory itself stays immutable (every
  /// query reads a consistent snapshot); a change costs one rebuild of the folded tables, which
  /// is cheap next to the rate a person or `--churn` changes people at. Reports whose manager is
  /// deleted keep the id, which then names nobody (no manager), as in Entra.
  public func applying(_ edits: [DirectoryEdit]) throws(DirectoryEditError) -> Directory {
    if var generated = storage.users.generated {
      // Only the changes are stored beside the computed people.
      for edit in edits {
        switch edit {
        case .add(let user): try generated.add(user)
        case .update(let user): try generated.update(user)
        case .delete(let id, _): try generated.delete(id: id)
        }
      }
      guard generated.count > 0 else { throw DirectoryEditError("the directory must keep at least one user") }
      return Directory(generated: generated)
    }
    var users = Array(storage.users)
    var indexById = storage.indexById
    var removed = Set<Int>()
    for edit in edits {
      switch edit {
      case .add(let user):
        if let existing = indexById[user.id], !removed.contains(existing) {
          throw DirectoryEditError("a user with id \(user.id) already exists")
        }
        let upn = user.userPrincipalName.lowercased()
        if users.indices.contains(where: { !removed.contains($0) && users[$0].userPrincipalName.lowercased() == upn }) {
          throw DirectoryEditError("a user with userPrincipalName \(user.userPrincipalName) already exists")
        }
        indexById[user.id] = users.count
        users.append(user)
      case .update(let user):
        guard let index = indexById[user.id], !removed.contains(index) else {
          throw DirectoryEditError("no user with id \(user.id)", notFound: true)
        }
        users[index] = user
      case .delete(let id, _):
        guard let index = indexById[id], !removed.contains(index) else {
          throw DirectoryEditError("no user with id \(id)", notFound: true)
        }
        removed.insert(index)
      }
    }
    let kept = users.indices.filter { !removed.contains($0) }.map { users[$0] }
    guard !kept.isEmpty else { throw DirectoryEditError("the directory must keep at least one user") }
    let defaultId = defaultUser.id
    return Directory(
      users: kept, defaultUserIndex: kept.firstIndex { $0.id == defaultId } ?? 0,
      groups: groupSet(removingUsers: removed, oldCount: users.count))
  }

  /// A user from a JSON object with Graph property names (plus `manager`: an id or UPN in this
  /// directory, and `hasPhoto`), checked like a people-file entry. With `base`, the object is a
  /// patch: properties it names replace the base user's, the rest (and the id) are kept.
  public func user(fromJSON data: Data, patching base: DirectoryUser? = nil) throws(DirectoryEditError)
    -> DirectoryUser
  {
    let parsed: JSONValue
    do {
      parsed = try JSONParser.parse(data)
    } catch {
      throw DirectoryEditError("the body is not valid JSON: \(error)")
    }
    guard case .object(var members) = parsed else { throw DirectoryEditError("the body must be a JSON object") }
    if let base {
      let names = Set(members.map(\.0))
      guard !names.contains("id") || members.first(where: { $0.0 == "id" })?.1 == .string(base.id) else {
        throw DirectoryEditError("the id of a user cannot change")
      }
      let all = UserField.allCases.map(\.name)
      guard case .object(let current) = UserPropertyCatalog.render(base, properties: all, basicProfileOnly: false)
      else { throw DirectoryEditError("internal: render") }
      var merged = current.filter { !names.contains($0.0) }
      if !names.contains("manager"), let managerId = base.managerId { merged.append(("manager", .string(managerId))) }
      if !names.contains("hasPhoto") { merged.append(("hasPhoto", .bool(base.hasPhoto))) }
      if !names.contains("showInAddressList"), let shown = base.showInAddressList {
        merged.append(("showInAddressList", .bool(shown)))
      }
      members = merged + members
    }
    let entry: PeopleFileEntry
    do throws(PeopleFileError) { entry = try PeopleFileEntry(.object(members), index: 0) } catch {
      throw DirectoryEditError(error.description.replacingOccurrences(of: "people file: ", with: ""))
    }
    var user = entry.user
    if let reference = entry.managerReference {
      guard let manager = self.user(idOrUPN: reference) else {
        throw DirectoryEditError("field 'manager' refers to \"\(reference)\", which is no user in the directory")
      }
      guard manager.id != user.id else { throw DirectoryEditError("a user cannot be their own manager") }
      user.managerId = manager.id
    }
    return user
  }

  /// `count` generated edits for `--churn` and the benchmark: mostly new job titles and offices,
  /// some renames, and now and then a leaver and a joiner, drawn from `random`.
  public func churnEdits(count: Int, random: inout SeededRandom, serial: Int) -> [DirectoryEdit] {
    var edits: [DirectoryEdit] = []
    var touched = Set<String>()
    let titles = ["Senior Analyst", "Team Lead", "Principal Engineer", "Programme Manager", "Consultant", "Director"]
    let offices = ["Building 2", "Dublin 4", "Remote", "Kraków 1", "Osaka 3", "Lagos 2"]
    for step in 0..<count {
      let candidate = storage.users[random.below(storage.users.count)]
      guard candidate.id != defaultUser.id, touched.insert(candidate.id).inserted else { continue }
      var user = candidate
      switch random.below(20) {
      case 0:
        edits.append(.delete(id: user.id, permanent: random.chance(50)))
        var joiner = candidate
        joiner.id = GUIDFormat.string(high: random.next(), low: random.next())
        let nickname = "joiner\(serial)x\(step)"
        joiner.userPrincipalName = "\(nickname)@\(candidate.userPrincipalName.split(separator: "@").last ?? "")"
        joiner.mail = joiner.userPrincipalName
        joiner.mailNickname = nickname
        joiner.givenName = "Joiner\(serial)"
        joiner.surname = "Step\(step)"
        joiner.displayName = "Joiner\(serial) Step\(step)"
        edits.append(.add(joiner))
      case 1, 2:
        user.surname = (user.surname ?? "") + "-Renamed"
        user.displayName = [user.givenName, user.surname].compactMap { $0 }.joined(separator: " ")
        edits.append(.update(user))
      case 3...10:
        user.officeLocation = random.pick(offices)
        edits.append(.update(user))
      default:
        user.jobTitle = random.pick(titles)
        edits.append(.update(user))
      }
    }
    return edits
  }
}
