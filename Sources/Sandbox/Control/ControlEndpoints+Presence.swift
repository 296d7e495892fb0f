import Foundation
import Hummingbird
import SandboxDirectory

extension ControlEndpoints {
  /// `POST /_sandbox/presence` `{"user": "id or UPN", "availability": "Busy", "activity"?: "InACall"}`
  /// pins a person's presence (activity defaults to the availability's own word, or Available).
  func pinPresence(_ request: IncomingRequest) -> Response {
    guard let data = request.body.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let key = object["user"] as? String, let availability = object["availability"] as? String
    else {
      return .json(
        .object([
          (
            "error",
            .string("The body must be {\"user\": \"id or UPN\", \"availability\": \"Busy\", \"activity\"?: \"…\"}.")
          )
        ]),
        status: .badRequest)
    }
    guard let user = tenant.directory.user(idOrUPN: key) else {
      return .json(.object([("error", .string("No user '\(key)' in the sandbox directory."))]), status: .notFound)
    }
    guard let canonical = PresenceBoard.availabilities.first(where: { $0.lowercased() == availability.lowercased() })
    else {
      let known = PresenceBoard.availabilities.joined(separator: ", ")
      return .json(
        .object([("error", .string("Unknown availability '\(availability)'; one of \(known)."))]), status: .badRequest)
    }
    let wanted =
      (object["activity"] as? String) ?? (PresenceBoard.activities.contains(canonical) ? canonical : "Available")
    guard let activity = PresenceBoard.activities.first(where: { $0.lowercased() == wanted.lowercased() }) else {
      let known = PresenceBoard.activities.joined(separator: ", ")
      return .json(.object([("error", .string("Unknown activity '\(wanted)'; one of \(known)."))]), status: .badRequest)
    }
    tenant.presence.pin(PresenceBoard.Entry(availability: canonical, activity: activity), for: user.id)
    return .json(
      .object([
        ("user", .string(user.userPrincipalName)), ("availability", .string(canonical)),
        ("activity", .string(activity)),
      ]))
  }
}
