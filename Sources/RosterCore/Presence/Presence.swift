import Foundation

/// A person's Teams presence as Graph reports it (resources/presence.md): how reachable they
/// are (`availability`) and what they are doing (`activity`, Graph's word, shown as is).
public struct Presence: Sendable, Equatable, Hashable, Codable {
  public var availability: Availability
  /// Graph's activity (`InAMeeting`, `OutOfOffice`…); nil when absent.
  public var activity: String?
  /// Out of office, and the automatic reply (`Presence+Notes`).
  public var outOfOffice: OutOfOffice?
  /// The status note set in Teams, with its expiry.
  public var statusMessage: StatusNote?

  public init(
    availability: Availability, activity: String? = nil, outOfOffice: OutOfOffice? = nil,
    statusMessage: StatusNote? = nil
  ) {
    self.availability = availability
    self.activity = activity
    self.outOfOffice = outOfOffice
    self.statusMessage = statusMessage
  }

  /// Graph's availability values; anything else reads as `unknown`.
  public enum Availability: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case available = "Available"
    case availableIdle = "AvailableIdle"
    case away = "Away"
    case beRightBack = "BeRightBack"
    case busy = "Busy"
    case busyIdle = "BusyIdle"
    case doNotDisturb = "DoNotDisturb"
    case offline = "Offline"
    case unknown = "PresenceUnknown"

    public init(graph: String) { self = Availability(rawValue: graph) ?? .unknown }

    /// The word shown beside the glyph, so presence reads without colour.
    public var word: String {
      switch self {
      case .available: return "Available"
      case .availableIdle: return "Idle"
      case .away: return "Away"
      case .beRightBack: return "Be right back"
      case .busy: return "Busy"
      case .busyIdle: return "Busy, idle"
      case .doNotDisturb: return "Do not disturb"
      case .offline: return "Offline"
      case .unknown: return "Unknown"
      }
    }

    /// One cell: filled for reachable, a bar for do-not-disturb, hollow for away/offline; an
    /// idle or be-right-back state has its own shape beside its neighbour's (issue 40: "Idle"
    /// and "Available" shared one), so every availability reads apart on a monochrome terminal
    /// and to someone who cannot tell the colours.
    public var glyph: String {
      switch self {
      case .available: return "●"
      case .availableIdle: return "◎"
      case .busy: return "◆"
      case .busyIdle: return "◇"
      case .doNotDisturb: return "⊖"
      case .away: return "◐"
      case .beRightBack: return "◑"
      case .offline: return "○"
      case .unknown: return "·"
      }
    }
  }

  /// The activity in words when it says more than the availability ("In a meeting").
  public var activityWords: String? {
    guard let activity, activity != availability.rawValue, activity != "PresenceUnknown" else { return nil }
    var words = ""
    for character in activity {
      if character.isUppercase, !words.isEmpty, words.last != " " {
        words += " " + String(character).lowercased()
      } else {
        words.append(character)
      }
    }
    return words
  }
}
