import Foundation
import Hummingbird
import SandboxDirectory

extension GraphEndpoints {
  /// Graph's limit on ids in one `getPresencesByUserId` call.
  static let maxPresenceIds = 650

  /// `POST /v1.0/communications/getPresencesByUserId` `{"ids": [...]}` → `{"value": [presence]}`.
  /// Needs `Presence.Read.All` (delegated; no admin consent by default). Ids the directory does
  /// not know come back as `PresenceUnknown` rather than failing the whole call.
  func presences(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard request.components.dropFirst().joined(separator: "/").lowercased() == "communications/getpresencesbyuserid"
    else { throw .badSegment(request.components.last ?? "") }
    guard caller.permissions.contains("Presence.Read.All") else {
      throw GraphError(status: 403, code: "Forbidden", message: "Insufficient privileges to complete the operation.")
    }
    guard let data = request.body.data(using: .utf8), let root = try? JSONDecoder().decode(JSONValue.self, from: data),
      case .array(let values)? = root["ids"]
    else {
      throw GraphError(
        status: 400, code: "BadRequest", message: "The request body must be {\"ids\": [\"user id\", ...]}.")
    }
    var ids: [String] = []
    for value in values {
      guard case .string(let id) = value else {
        throw GraphError(status: 400, code: "BadRequest", message: "Every entry of 'ids' must be a user id string.")
      }
      ids.append(id)
    }
    guard ids.count <= Self.maxPresenceIds else {
      throw GraphError(
        status: 400, code: "BadRequest", message: "At most \(Self.maxPresenceIds) user ids are supported per request.")
    }
    let now = tenant.now
    let entries: [JSONValue] = ids.map { id in
      let user = tenant.directory.user(idOrUPN: id)
      let entry =
        user.map { tenant.presence.presence(of: $0, at: now) }
        ?? PresenceBoard.Entry(availability: "PresenceUnknown", activity: "PresenceUnknown")
      let notes = user.map { tenant.presence.notes(of: $0) } ?? PresenceBoard.Notes()
      return .object(
        [("id", .string(id)), ("availability", .string(entry.availability)), ("activity", .string(entry.activity))]
          + PresenceBoard.members(of: notes, now: now))
    }
    return ok(
      .object([
        ("@odata.context", .string("\(request.base)/v1.0/$metadata#Collection(microsoft.graph.presence)")),
        ("value", .array(entries)),
      ]), request)
  }
}

// MARK: - One person's presence

extension GraphEndpoints {
  /// Permissions that read anyone's presence (presence-get's table: `Presence.Read.All`, and
  /// `Presence.ReadWrite.All` above it).
  static let presenceReaders: Set<String> = ["Presence.Read.All", "Presence.ReadWrite.All"]

  /// `GET /me/presence`, `/users/{id}/presence` and `/communications/presences/{id}`
  /// (learn.microsoft.com/graph/api/presence-get): one `presence` entity — `id`, `availability`,
  /// `activity`, `statusMessage`, `outOfOfficeSettings` — from the same board as
  /// `getPresencesByUserId`, so the two never disagree. `Presence.Read` reads one's own
  /// presence; anyone else's needs `Presence.Read.All` (else 403).
  func presence(of target: DirectoryUser, isSelf: Bool, context: String, request: IncomingRequest, caller: GraphCaller)
    throws(GraphError) -> Response
  {
    let mayRead =
      !caller.permissions.isDisjoint(with: Self.presenceReaders)
      || (isSelf && caller.permissions.contains("Presence.Read"))
    guard mayRead else {
      throw GraphError(status: 403, code: "Forbidden", message: "Insufficient privileges to complete the operation.")
    }
    let now = tenant.now
    let entry = tenant.presence.presence(of: target, at: now)
    let members: [(String, JSONValue)] =
      [
        ("@odata.context", .string("\(request.base)/v1.0/$metadata#\(context)/$entity")),
        ("id", .string(target.id)), ("availability", .string(entry.availability)),
        ("activity", .string(entry.activity)),
      ] + PresenceBoard.members(of: tenant.presence.notes(of: target), now: now)
    return ok(.object(members), request)
  }

  /// `communications/presences/{id}`: the id must be a user's object id, as Graph's page says.
  func communicationsPresence(_ segments: [String], request: IncomingRequest, caller: GraphCaller)
    throws(GraphError) -> Response
  {
    guard segments.count == 3, segments[1].lowercased() == "presences" else {
      throw .badSegment(segments.last ?? "communications")
    }
    let id = Self.unwrapKey(segments[2])
    guard let target = tenant.directory.user(idOrUPN: id), target.id.lowercased() == id.lowercased() else {
      throw .notFound(id)
    }
    return try presence(
      of: target, isSelf: target.id == caller.user.id, context: "communications/presences", request: request,
      caller: caller)
  }
}
