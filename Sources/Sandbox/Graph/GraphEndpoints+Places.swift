import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /places/microsoft.graph.room`, `/places/microsoft.graph.roomList`, one place by id or
/// email address (also cast to its type), and the rooms of a room list
/// (`/places/{list-email}/microsoft.graph.roomList/rooms`). Every read needs `Place.Read.All`
/// (Graph's place-list and place-get pages); a tenant with no places answers an empty `value`.
extension GraphEndpoints {
  func places(_ rest: [String], request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.canReadPlaces else { throw .accessDenied }
    guard let key = rest.first else { throw Self.placeTypeNeeded }
    let all = tenant.places
    if rest.count == 1, let kind = Self.placeKind(key) {
      return try listPlaces(all.places(kind), kind: kind, context: "places/\(kind.typeName)", request: request)
    }
    let id = Self.unwrapKey(key)
    guard let place = all.place(idOrEmail: id) else { throw .notFound(id) }
    switch rest.count {
    case 1: return try onePlace(place, request: request)
    case 2:
      guard let kind = Self.placeKind(rest[1]) else { throw .badSegment(rest[1]) }
      guard kind == place.kind else { throw .notFound(id) }
      return try onePlace(place, request: request)
    case 3 where Self.placeKind(rest[1]) == .roomList && rest[2].lowercased() == "rooms":
      // Graph: "you must specify the room list by its emailAddress property, not by its id".
      guard place.kind == .roomList, place.emailAddress.lowercased() == id.lowercased() else { throw .notFound(id) }
      let escaped = place.emailAddress.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
      return try listPlaces(
        all.rooms(inList: place), kind: .room, context: "places('\(escaped)')/microsoft.graph.roomList/rooms",
        request: request)
    default: throw .badSegment(rest.last ?? "")
    }
  }

  /// `microsoft.graph.room` / `microsoft.graph.roomList`, either case (Graph's docs write `roomlist`).
  static func placeKind(_ segment: String) -> DirectoryPlace.Kind? {
    switch segment.lowercased() {
    case "microsoft.graph.room": .room
    case "microsoft.graph.roomlist": .roomList
    default: nil
    }
  }

  /// A page of places: `$filter`, `$select`, `$top` (default 100, as Graph's place-list says),
  /// `$skip`, `$count=true` and `@odata.nextLink` with a `$skiptoken`, as for users and groups.
  private func listPlaces(
    _ candidates: [DirectoryPlace], kind: DirectoryPlace.Kind, context: String, request: IncomingRequest
  ) throws(GraphError) -> Response {
    let query = request.query
    if let option = ["$orderby", "$search", "$expand"].first(where: { query[$0] != nil }) {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery", message: "Query option '\(option)' is not supported on places.")
    }
    let top = try pageSize(query["$top"])
    let properties: [String]
    let matches: [DirectoryPlace]
    do {
      properties = try PlaceQuery.selected(query["$select"], kind)
      matches = candidates.filter(try PlaceQuery.filter(query["$filter"], kind))
    } catch { throw GraphError(error) }
    var offset = 0
    if let token = query["$skiptoken"] {
      offset = try Self.offset(fromSkipToken: token)
    } else if let skip = query["$skip"] {
      guard let value = Int(skip.trimmingCharacters(in: .whitespaces)), value >= 0 else {
        throw GraphError(status: 400, code: "BadRequest", message: "Invalid value '\(skip)' for $skip.")
      }
      offset = value
    }
    let page = matches.dropFirst(offset).prefix(top)
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#\(context)"))]
    if query["$skiptoken"] == nil, query["$count"]?.lowercased() == "true" {
      body.append(("@odata.count", .int(matches.count)))
    }
    if offset + page.count < matches.count {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: offset + page.count)))))
    }
    body.append(("value", .array(page.map { PlaceQuery.render($0, properties: properties) })))
    return ok(.object(body), request)
  }

  /// One room or room list, with `@odata.type` so a client reading `/places/{id}` knows which.
  private func onePlace(_ place: DirectoryPlace, request: IncomingRequest) throws(GraphError) -> Response {
    let properties: [String]
    do { properties = try PlaceQuery.selected(request.query["$select"], place.kind) } catch { throw GraphError(error) }
    guard case .object(let members) = PlaceQuery.render(place, properties: properties) else {
      throw .notFound(place.id)
    }
    let annotations: [(String, JSONValue)] = [
      ("@odata.context", .string("\(request.base)/v1.0/$metadata#places/$entity")),
      ("@odata.type", .string("#\(place.kind.typeName)")),
    ]
    return ok(.object(annotations + members), request)
  }

  /// `/places` alone: the sandbox lists places by type only (what v1.0 documents).
  static let placeTypeNeeded = GraphError(
    status: 400, code: "Request_BadRequest",
    message: "List places by type: /places/microsoft.graph.room or /places/microsoft.graph.roomList.")
}
