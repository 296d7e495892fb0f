import Foundation
import Hummingbird
import SandboxDirectory

/// Group changes at run time, so a client's group delta has something to find:
///
/// - `POST /_sandbox/groups/{id|mailNickname}/members` `{"id": memberId}` adds a user, group,
///   device or service principal
/// - `DELETE /_sandbox/groups/{id|mailNickname}/members/{memberId}` removes one
/// - `PATCH /_sandbox/groups/{id|mailNickname}` `{"displayName"?, "description"?}`
/// - `POST /_sandbox/groups/churn` `{"count": N}`: N generated membership changes in one version
///
/// Each call is one version of the directory; the answer is `{"version", "changed": [group ids]}`.
extension ControlEndpoints {
  func groupControl(_ request: IncomingRequest, parts: [String]) -> Response? {
    guard parts.first == "groups" else { return nil }
    let directory = tenant.directory
    switch (request.method, Array(parts.dropFirst())) {
    case ("POST", ["churn"]):
      guard let count = Self.count(request.body) else {
        return failure(.badRequest, "The body must be {\"count\": N} with N between 1 and 100000.")
      }
      return applyGroups(tenant.groupChurnEdits(count: count))
    case ("POST", let path) where path.count == 2 && path[1] == "members":
      guard let object = Self.object(request.body), let member = object["id"] as? String else {
        return failure(
          .badRequest, "The body must be {\"id\": \"…\"} naming a user, group, device or service principal.")
      }
      guard let group = directory.groupIndex(idOrNickname: path[0]) else {
        return failure(.notFound, "No group \(path[0]).")
      }
      let memberId = directory.user(idOrUPN: member)?.id ?? member
      return applyGroups([.addMember(groupId: directory.groups[group].id, memberId: memberId)])
    case ("DELETE", let path) where path.count == 3 && path[1] == "members":
      guard let group = directory.groupIndex(idOrNickname: path[0]) else {
        return failure(.notFound, "No group \(path[0]).")
      }
      let memberId = directory.user(idOrUPN: path[2])?.id ?? path[2]
      return applyGroups([.removeMember(groupId: directory.groups[group].id, memberId: memberId)])
    case ("PATCH", let path) where path.count == 1:
      guard let group = directory.groupIndex(idOrNickname: path[0]) else {
        return failure(.notFound, "No group \(path[0]).")
      }
      guard let object = Self.object(request.body) else {
        return failure(.badRequest, "The body must be {\"displayName\"?: \"…\", \"description\"?: \"…\"}.")
      }
      return applyGroups([
        .rename(
          groupId: directory.groups[group].id, displayName: object["displayName"] as? String,
          description: object["description"] as? String)
      ])
    default:
      return failure(.notFound, "No control endpoint \(request.method) \(request.path).")
    }
  }

  private static func object(_ body: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
  }

  private static func count(_ body: String) -> Int? {
    let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty { return 1 }
    guard let requested = object(trimmed)?["count"] as? Int, (1...100_000).contains(requested) else { return nil }
    return requested
  }

  private func applyGroups(_ edits: [GroupEdit]) -> Response {
    do {
      let version = try tenant.history.apply(groupEdits: edits)
      return .json(
        .object([("version", .int(version)), ("changed", .array(edits.map { .string($0.groupId) }))]), status: .ok)
    } catch {
      return failure(error.isNotFound ? .notFound : .badRequest, error.description)
    }
  }
}

extension SandboxTenant {
  /// Generated group changes, drawn from the seed and the directory's version so a run repeats.
  func groupChurnEdits(count: Int) -> [GroupEdit] {
    let snapshot = history.current
    var random = SeededRandom(seed: configuration.seed &* 2_000_003 &+ UInt64(snapshot.version))
    return snapshot.directory.groupChurnEdits(count: count, random: &random, serial: snapshot.version + 1)
  }
}
