import Foundation

/// The selected person's photo: fetched only once the selection rests, drawn beside the pane's
/// text (which never waits for it).
public struct PhotoState: Equatable, Sendable {
  /// How the terminal draws photos; `.off` fetches nothing.
  public var mode: PhotoMode
  /// Bumped for every new photo request; an answer for an older one is dropped.
  public var requestID: Int
  /// The person the photo is (being) fetched for; nil when the pane shows nobody at rest.
  public var personID: String?
  /// The Graph size asked for (`PhotoMode.requestSide`).
  public var side: Int
  public var status: PhotoStatus
  /// Photos seen recently (nil: the person has none), keyed by `id|side`, so walking back and
  /// forth through the list neither asks the disk cache nor Graph again.
  public var recent: LRUCache<String, PhotoImage?>

  public init(mode: PhotoMode = .off) {
    self.mode = mode
    self.requestID = 0
    self.personID = nil
    self.side = mode.requestSide
    self.status = .none
    self.recent = LRUCache(capacity: 16, timeToLive: 600)
  }
}

/// What there is to draw.
public enum PhotoStatus: Equatable, Sendable {
  /// Nobody at rest, or photos are off.
  case none
  case loading
  case loaded(PhotoImage)
  /// The person has no photo (404 `ImageNotFound`).
  case absent
  /// The photo could not be fetched or decoded; the pane simply has none (the reason is kept for
  /// tests and debugging, never drawn over the text).
  case unavailable(String)
}

/// One photo to fetch: whose, at which Graph size, in which tenant (the disk cache key).
public struct PhotoRequest: Sendable, Equatable, Hashable {
  public var tenant: String
  public var personID: String
  public var side: Int

  public init(tenant: String, personID: String, side: Int) {
    self.tenant = tenant
    self.personID = personID
    self.side = side
  }
}
