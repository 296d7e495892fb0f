import Foundation
import RosterCore

extension RoomClient {
  /// Rooms answered from the local index, marked `fromIndex`: the whole set the last refresh
  /// stored. `current` gives the attached index (nil: none, `.offline`). An index that keeps no
  /// rooms because the token may not read places answers with that permission; one never
  /// refreshed says how to fill it. A damaged, deleted or replaced file answers nothing: its
  /// damage is kept (`noteFailure`) and said, as people's and groups' reads do, so the caller
  /// asks Graph instead and the index is opened again.
  public static func index(_ current: @escaping @Sendable () -> DirectoryIndex?) -> RoomClient {
    RoomClient { _ in
      guard let index = current() else { throw DirectoryError.offline("No local index is attached.") }
      if let damage = index.damage() { throw DirectoryError.offline(damage) }
      let (status, rooms): (RoomIndexStatus, [Room])
      do {
        (status, rooms) = try index.rooms()
      } catch {
        index.noteFailure(error)
        throw DirectoryError.offline(index.damage() ?? "The local index could not be read: \(error)")
      }
      if status.missingPermission != nil { throw DirectoryError.permissionDenied(RoomClient.permissionExplanation) }
      guard status.rooms != nil else {
        throw DirectoryError.offline("The local index holds no rooms yet; run `roster index sync`.")
      }
      return RoomCatalog(rooms: rooms, fromIndex: true)
    }
  }
}
