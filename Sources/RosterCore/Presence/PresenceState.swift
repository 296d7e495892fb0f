import Foundation

/// Teams presence of the people on screen, refreshed while they are shown.
public struct PresenceState: Equatable, Sendable {
  /// Latest presence by person id.
  public var byID: [String: Presence]
  /// Bumped per request; an older answer is dropped.
  public var requestID: Int
  /// Set when Graph refused presence (403): the column goes and the detail pane says why.
  public var refusal: String?
  /// The last ask could not reach Graph: what is held is old, so the pane says presence is
  /// unavailable and the list shows none, until an ask is answered.
  public var unreachable = false

  public init() {
    self.byID = [:]
    self.requestID = 0
    self.refusal = nil
  }
}

extension AppState {
  /// Whether presence is asked for and shown: the sign-in was granted `Presence.Read.All` and
  /// Graph has not refused it.
  public var showsPresence: Bool { (account?.canReadPresence ?? false) && presence.refusal == nil }

  /// The presence to draw: none while Graph cannot be reached (`PresenceState.unreachable`), so
  /// an hour-old "Available" is never shown as now.
  public var currentPresence: [String: Presence] { presence.unreachable ? [:] : presence.byID }

  /// Why presence is not shown, for the detail pane; nil when it is.
  public var presenceAbsence: String? {
    guard account != nil, !showsPresence else { return nil }
    if let refusal = presence.refusal { return refusal }
    return "not shown: needs Presence.Read.All"
  }
}
