import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /users/{id | upn}/ownedObjects` (and `/me/ownedObjects`): the directory objects the user
/// owns, each with its `@odata.type`, paged like a group's members (PROTOCOL.md "Owned objects").
///
/// user-list-ownedobjects: delegated `User.Read` is the least privileged permission (higher:
/// `User.Read.All`, `Directory.Read.All`); an object of a kind the token may not read comes back
/// with its type and id only, as every directoryObject collection answers
/// (`DirectoryObjectRenderer`). The sandbox's owned objects are groups (applications and service
/// principals join when the sandbox serves them); devices a user owns are `ownedDevices`.
extension GraphEndpoints {
  func ownedObjects(_ target: DirectoryUser, request: IncomingRequest, caller: GraphCaller) throws(GraphError)
    -> Response
  {
    let directory = tenant.directory
    guard let index = directory.userIndex(id: target.id) else { throw .badSegment("ownedObjects") }
    let owner = DirectoryObjectRef.user(Int32(index))
    let owned = directory.groups.indices.filter { directory.groups[$0].owners.contains(owner) }.map {
      DirectoryObjectRef.group(Int32($0))
    }
    return try directoryObjectPage(owned, context: "directoryObjects", request: request, caller: caller)
  }
}
