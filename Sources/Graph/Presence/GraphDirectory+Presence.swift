import Foundation
import RosterCore
import Transport

extension GraphDirectory {
  /// Graph's limit on ids in one `getPresencesByUserId` call.
  static let presenceBatch = 650

  /// Presence of `ids` through `POST /communications/getPresencesByUserId` (at most 650 ids a
  /// call; Presence.Read.All). Background work the person did not ask for: low throttle priority
  /// and no retries, since the next refresh comes anyway.
  func presences(_ ids: [String]) async throws(DirectoryError) -> [String: Presence] {
    var result: [String: Presence] = [:]
    var start = 0
    let unique = Array(NSOrderedSet(array: ids).array.compactMap { $0 as? String })
    while start < unique.count {
      let chunk = Array(unique[start..<min(start + Self.presenceBatch, unique.count)])
      start += chunk.count
      let body = (try? JSONSerialization.data(withJSONObject: ["ids": chunk])) ?? Data()
      let response = try await executor.send(
        "POST", try url("/communications/getPresencesByUserId"), body: body, permission: "Presence.Read.All",
        retrying: false, priority: .low, onRetry: { _ in })
      guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
        let values = object["value"] as? [[String: Any]]
      else { throw .malformedResponse("The presence list from Microsoft Graph has no \"value\" array.") }
      for value in values {
        guard let id = value["id"] as? String, let presence = Presence(graph: value) else { continue }
        result[id] = presence
      }
    }
    return result
  }
}
