import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /users/{id | userPrincipalName}/sponsors` (learn.microsoft.com/graph/api/user-list-sponsors):
/// a `directoryObject` collection of users and groups, each with `@odata.type`; `$select` applies to
/// each (a user's unknown name is the usual 400; a group keeps the names it has). Delegated least
/// privileged is User.Read, higher User.Read.All and User.ReadWrite.All: the sandbox lets User.Read
/// read one's own sponsors and asks User.Read.All, User.ReadWrite.All or Directory.Read.All for
/// anyone else's. A group sponsor read without a group permission comes back with its id and
/// type only, its other properties null (the page's note on directoryObject collections).
extension GraphEndpoints {
  func sponsors(of target: DirectoryUser, isSelf: Bool, request: IncomingRequest, caller: GraphCaller)
    throws(GraphError) -> Response
  {
    guard isSelf ? caller.canReadSelf : caller.canReadAllFull else { throw .accessDenied }
    let directory = tenant.directory
    let properties = try selected(request)
    let values: [JSONValue] = GuestSponsors.sponsors(of: facts(target), in: directory).map { sponsor in
      switch sponsor {
      case .user(let index):
        let user = directory.users[index]
        let body = renderWithAccount(user, properties: properties, caller: caller)
        guard case .object(let members) = body else { return body }
        return .object([("@odata.type", .string("#microsoft.graph.user"))] + members)
      case .group(let index):
        let group = directory.groups[index]
        let names = properties.filter { ["id", "displayName", "mail", "description"].contains($0) }
        let shown = caller.canReadGroups ? names : ["id"]
        guard
          case .object(let members) = directory.render(group: group, properties: ["id"] + shown.filter { $0 != "id" })
        else { return .null }
        let hidden = caller.canReadGroups ? [] : names.filter { $0 != "id" }.map { ($0, JSONValue.null) }
        return .object([("@odata.type", .string("#microsoft.graph.group"))] + members + hidden)
      }
    }
    return ok(
      .object([
        ("@odata.context", .string("\(request.base)/v1.0/$metadata#directoryObjects")), ("value", .array(values)),
      ]), request)
  }
}
