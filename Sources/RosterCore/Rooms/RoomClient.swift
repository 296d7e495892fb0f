import Foundation

/// Room reads as the runtime uses them: `RoomClient.live` over Graph's places API (Graph target),
/// `RoomClient.index` over the local index (Index target), fakes in tests.
///
/// Places have no delta and no `$search`, and a tenant holds hundreds of rooms, not millions: every
/// kind of room search is answered from the whole list, read once (paged) and matched locally
/// (`RoomFilter`). Every call throws `DirectoryError` only; without `Place.Read.All` that is
/// `.permissionDenied(RoomClient.permissionExplanation)`.
public struct RoomClient: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void

  /// Every room in the tenant, in the order Graph pages them.
  public var allRooms: @Sendable (_ onRetry: @escaping OnRetry) async throws -> RoomCatalog

  public init(allRooms: @escaping @Sendable (@escaping OnRetry) async throws -> RoomCatalog) {
    self.allRooms = allRooms
  }

  /// Every call fails with `error` (no client id yet, rooms switched off, tests).
  public static func unavailable(_ error: DirectoryError) -> RoomClient {
    RoomClient(allRooms: { _ in throw error })
  }

  /// The permission rooms need, as Entra names it.
  public static let permission = "Place.Read.All"

  /// What the pane, the status line and the CLI say without `Place.Read.All` (Graph answers 403).
  public static let permissionExplanation =
    "Listing rooms needs Place.Read.All, which an administrator must consent to."
}

/// The tenant's rooms, and where the list came from.
public struct RoomCatalog: Sendable, Equatable {
  public var rooms: [Room]
  /// Read from the local index (as fresh as its last sync), not from Graph.
  public var fromIndex: Bool

  public init(rooms: [Room], fromIndex: Bool = false) {
    self.rooms = rooms
    self.fromIndex = fromIndex
  }
}
