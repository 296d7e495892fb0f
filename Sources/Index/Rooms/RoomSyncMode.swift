import Diagnostics
import Foundation
import RosterCore

/// What a sync does about rooms. Places have no delta query: each refresh reads the whole list
/// (a few pages) and replaces the stored set, so how often is the only choice.
public enum RoomSyncMode: Sendable {
  /// Rooms are not part of this sync (people-only tests, a build without a rooms client).
  case off
  /// Every sync refreshes them (`roster index sync`: a person asked for it).
  case always(RoomClient)
  /// Only when the stored set is older than `maximumAge`, or was never refreshed (the app's
  /// sync every few minutes: rooms change far less often than people, and each refresh is the
  /// whole list).
  case whenOlder(than: TimeInterval, RoomClient)

  /// The app's background rule: once a day.
  public static func daily(_ client: RoomClient) -> RoomSyncMode { .whenOlder(than: 24 * 60 * 60, client) }

  /// The client to refresh through now, nil when no refresh is due. A refresh stamped in the
  /// future (the clock moved back) is due, or the set could stay stale for as long.
  func due(_ status: RoomIndexStatus, now: Date) -> RoomClient? {
    switch self {
    case .off: return nil
    case .always(let client): return client
    case .whenOlder(let maximumAge, let client):
      guard let refreshed = status.refreshed else { return client }
      return (0..<maximumAge).contains(now.timeIntervalSince(refreshed)) ? nil : client
    }
  }
}

/// The rooms step of a sync, after people and groups (each committed first, so nothing here can
/// lose them). A 403 means the token may not read places: no rooms are kept and the need is
/// recorded. A service failure keeps the previous set, records why and lets the sync succeed:
/// rooms are one side table, and a places API in trouble must not mark the directory stale.
/// A cancelled sync, an ended session or Graph out of reach stops the sync, as they would any
/// other step: a round whose last step could not reach Graph is not "synced just now", and the
/// app must hear it to mark itself offline and probe again (the previous set is kept).
struct RoomIndexRefresh {
  let index: DirectoryIndex
  let mode: RoomSyncMode
  let now: @Sendable () -> Date

  func run(onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws {
    guard let client = mode.due(try index.roomStatus(), now: now()) else { return }
    let log = DiagnosticLog.logger("roster.index")
    let catalog: RoomCatalog
    do {
      catalog = try await client.allRooms(onRetry)
    } catch DirectoryError.permissionDenied {
      log.info("rooms not kept: the token may not read places", metadata: ["needs": "\(RoomClient.permission)"])
      try index.forgetRooms(missing: RoomClient.permission, at: now())
      return
    } catch let error as DirectoryError {
      switch error {
      case .cancelled, .signInRequired, .offline: throw error
      default:
        log.warning("rooms refresh failed; the stored rooms are kept", metadata: ["error": "\(error)"])
        try index.noteRoomFailure(error.plainMessage.string)
        return
      }
    }
    try index.replaceRooms(catalog.rooms, at: now())
    log.info("rooms refreshed", metadata: ["rooms": "\(catalog.rooms.count)"])
  }
}
