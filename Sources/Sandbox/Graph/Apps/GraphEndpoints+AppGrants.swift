import Foundation
import Hummingbird
import SandboxDirectory

extension GraphCaller {
  /// `Directory.Read.All` or above: what application-delta, serviceprincipal-delta and
  /// serviceprincipal-list-oauth2permissiongrants name as least privileged (delegated);
  /// `Application.Read.All` alone is not listed there, so it does not open them.
  var canReadDirectoryWide: Bool {
    permissions.contains("Directory.Read.All") || permissions.contains("Directory.ReadWrite.All")
  }
}

/// What an enterprise app has been granted, as Graph lists it: `oauth2PermissionGrants` (delegated
/// grants whose client it is; serviceprincipal-list-oauth2permissiongrants: `Directory.Read.All`
/// least privileged), `appRoleAssignments` (application permissions it holds) and
/// `appRoleAssignedTo` (those granted on it as a resource; both `Application.Read.All` least
/// privileged, serviceprincipal-list-approleassignments and -approleassignedto). Also the
/// alternate key `/applications(appId='…')` and `/servicePrincipals(appId='…')` (application
/// resource: `appId` is an "Alternate key"; the grants page: "You can address the service
/// principal using either its id or appId").
extension GraphEndpoints {
  /// `applications(appId='…')/…`: the router hands over the whole first segment.
  func appByAlternateKey(_ segments: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError)
    -> Response
  {
    let first = segments[0]
    guard let open = first.firstIndex(of: "(") else { throw .badSegment(first) }
    let rest = [String(first[open...])] + segments.dropFirst()
    switch first[..<open].lowercased() {
    case "applications": return try applications(rest, request: request, caller: caller)
    case "serviceprincipals": return try servicePrincipals(rest, request: request, caller: caller)
    default: throw .badSegment(first)
    }
  }

  /// The `appId` in `(appId='…')`, else nil (an object id key).
  static func alternateAppId(_ key: String) -> String? {
    let lowered = key.lowercased()
    guard lowered.hasPrefix("(appid="), lowered.hasSuffix(")") else { return nil }
    let value = key.dropFirst("(appId=".count).dropLast()
    guard value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") else { return nil }
    return String(value.dropFirst().dropLast())
  }

  /// The grants and role assignments of one enterprise app; nil when the path names none of them.
  func servicePrincipalRelation(_ rest: [String], apps: AppSet, request: IncomingRequest, caller: GraphCaller)
    throws(GraphError) -> Response?
  {
    guard rest.count == 2 else { return nil }
    let relation = rest[1].lowercased()
    guard ["oauth2permissiongrants", "approleassignments", "approleassignedto"].contains(relation) else {
      return nil
    }
    let key = Self.alternateAppId(rest[0])
    let found = key.map { apps.servicePrincipal(appId: $0) } ?? apps.servicePrincipal(id: Self.unwrapKey(rest[0]))
    guard let principal = found else { throw .notFound(key ?? Self.unwrapKey(rest[0])) }
    let values: [JSONValue]
    let context: String
    switch relation {
    case "oauth2permissiongrants":
      guard caller.canReadDirectoryWide else { throw .accessDenied }
      values = apps.permissionGrants(ofClient: principal.id).map { $0.rendered() }
      context = "oauth2PermissionGrants"
    case "approleassignments":
      values = apps.roleGrants(of: principal.id).map { $0.rendered() }
      context = "appRoleAssignments"
    default:
      values = apps.roleGrants(of: principal.id, asResource: true).map { $0.rendered() }
      context = "appRoleAssignments"
    }
    return try relationPage(values, context: context, request: request)
  }

  /// A relation's page: `$top` and next links as the lists', `$select` over the object's own
  /// properties (`id` always), other query options 400 (**[the sandbox's limit]**).
  private func relationPage(_ all: [JSONValue], context: String, request: IncomingRequest) throws(GraphError)
    -> Response
  {
    let query = request.query
    if let option = ["$filter", "$search", "$orderby", "$expand"].first(where: { query[$0] != nil }) {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery", message: "The sandbox does not serve \(option) here.")
    }
    let top = try pageSize(query["$top"])
    var offset = 0
    if let token = query["$skiptoken"] { offset = try Self.offset(fromSkipToken: token) }
    var page = Array(all.dropFirst(offset).prefix(top))
    if let select = query["$select"], !select.allSatisfy(\.isWhitespace) {
      page = try page.map { value throws(GraphError) in try Self.selecting(select, from: value, context: context) }
    }
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#\(context)"))]
    if offset + page.count < all.count {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: offset + page.count)))))
    }
    body.append(("value", .array(page)))
    return ok(.object(body), request)
  }

  private static func selecting(_ select: String, from value: JSONValue, context: String) throws(GraphError)
    -> JSONValue
  {
    guard case .object(let members) = value else { return value }
    var kept: [String] = ["id"]
    for raw in select.split(separator: ",") {
      let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
      guard let known = members.first(where: { $0.0.lowercased() == name })?.0 else {
        let type = context == "oauth2PermissionGrants" ? "oAuth2PermissionGrant" : "appRoleAssignment"
        throw GraphError(
          status: 400, code: "Request_BadRequest",
          message: "Could not find a property named '\(raw)' on type 'microsoft.graph.\(type)'.")
      }
      if !kept.contains(known) { kept.append(known) }
    }
    return .object(members.filter { kept.contains($0.0) })
  }
}
