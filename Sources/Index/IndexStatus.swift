import Foundation

/// What `roster index status` and the status line report about an index. Never a token.
public struct IndexStatus: Sendable, Equatable, Codable {
  public var file: String
  /// The database with its WAL and shared-memory files.
  public var sizeBytes: Int64
  /// People in the live (complete) generation.
  public var people: Int
  /// A full sync has finished: searches may use the index.
  public var complete: Bool
  public var lastSync: Date?
  /// People written so far by an unfinished full sync (nil when none is under way or left over).
  public var indexing: Int?
  /// How many people the directory reported when the full sync began (`/users/$count`).
  public var estimate: Int?
  /// The token could read managers (`manager@delta` came back).
  public var managersKnown: Bool
  /// What the rows were filled with, within the current token's grant (`conform(to:)`): `basic`
  /// rows hold names and mail only.
  public var profiles: ProfileGrant
  /// Why the last sync could not run (a missing permission), said once and kept for `status`.
  public var permissionProblem: String?
  /// Groups in the index; nil when it keeps none (issue 20).
  public var groups: Int? = nil
  /// Why it keeps no groups: the permission the token lacks (`GroupPermissionNeed.permission`).
  public var groupsMissingPermission: String? = nil
  /// Rooms in the index; nil before their first refresh, or when the token may not read them.
  public var rooms: Int? = nil
  /// When Graph last answered a rooms refresh (rooms are refreshed whole, at most daily in the app).
  public var roomsRefreshed: Date? = nil
  /// Why it keeps no rooms: the permission the token lacks (`RoomClient.permission`).
  public var roomsMissingPermission: String? = nil
  /// Why the last rooms refresh did not finish; the rooms kept are from `roomsRefreshed`.
  public var roomsFailure: String? = nil
  /// What it keeps of each registered kind (`IndexedKinds`), by the kind's name (`device`).
  public var kinds: [String: IndexedKindStatus] = [:]
  /// Whom Microsoft 365 says the person works with, kept (issue 32); 0 when none or not read.
  public var worksWith: Int = 0
  /// When that list was read; nil when it never was or was forgotten (no People.Read).
  public var worksWithRead: Date? = nil
  /// The people the person opened in Roster, kept on this machine (`roster history`).
  public var opened: Int = 0
}
