import Foundation
import SandboxDirectory

/// Renders the members of a directoryObject collection (members, owners, memberOf) as Graph does:
/// each with its `@odata.type`; an object of a kind the token may not read comes back with only
/// `@odata.type` and `id` (and the selected properties as null), never failing the whole list
/// ("Limited information returned for inaccessible member objects", Graph permissions overview).
struct DirectoryObjectRenderer {
  let directory: Directory
  let caller: GraphCaller
  /// The `$select` names as given (nil: each kind's default set).
  let select: [String]?

  init(directory: Directory, caller: GraphCaller, select: String?) {
    self.directory = directory
    self.caller = caller
    self.select = select.map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }.flatMap { $0.isEmpty ? nil : $0 }
  }

  func canRead(_ object: DirectoryObjectRef) -> Bool {
    switch object {
    case .user(let index):
      return caller.canReadUsersInLists || directory.users[Int(index)].id == caller.user.id
    case .group: return caller.canReadGroups
    case .device: return caller.canReadDevices
    case .servicePrincipal: return caller.canReadServicePrincipals
    }
  }

  func render(_ object: DirectoryObjectRef) -> JSONValue {
    let type: (String, JSONValue) = ("@odata.type", .string(object.odataType))
    guard canRead(object) else {
      let nulls = (select ?? []).filter { $0.lowercased() != "id" }.map { ($0, JSONValue.null) }
      return .object([type, ("id", .string(directory.id(of: object)))] + nulls)
    }
    var members: [(String, JSONValue)]
    switch object {
    case .user(let index):
      let user = directory.users[Int(index)]
      let names = select.map { $0.filter { (try? directory.selectedProperties($0)) != nil } } ?? nil
      let properties =
        names?.isEmpty == true ? ["id"] : (try? directory.selectedProperties(names?.joined(separator: ","))) ?? ["id"]
      guard
        case .object(let rendered) = directory.render(
          user, properties: properties, basicProfileOnly: caller.basicProfileOnly(for: user))
      else { return .null }
      members = rendered
    case .group(let index):
      let group = directory.groups[Int(index)]
      let names = select.map { $0.filter { (try? directory.selectedGroupProperties($0)) != nil } } ?? nil
      let properties =
        names?.isEmpty == true
        ? ["id"] : (try? directory.selectedGroupProperties(names?.joined(separator: ","))) ?? ["id"]
      guard case .object(let rendered) = directory.render(group: group, properties: properties) else { return .null }
      members = rendered
    case .device, .servicePrincipal:
      members = directory.renderNonPerson(object)
      if let select {
        let wanted = Set(select.map { $0.lowercased() } + ["id"])
        members = members.filter { wanted.contains($0.0.lowercased()) }
      }
    }
    return .object([type] + members)
  }
}
