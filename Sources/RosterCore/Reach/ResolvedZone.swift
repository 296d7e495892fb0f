import Foundation

/// A time zone the program can compute with, and how sure it is of it.
///
/// IANA zones use Foundation's tz data; Graph's custom zones their own rules; a name nobody knows
/// keeps only the offset it spelled ("(UTC+05:30) …"), or nothing. Whoever shows the time must say
/// when it is not known for sure (`isKnown`).
public struct ResolvedZone: Sendable, Equatable {
  public enum Rules: Sendable, Equatable {
    /// An IANA id Foundation knows.
    case iana(String)
    case custom(CustomTimeZone)
    /// Only an offset, read from an unrecognised name: daylight saving time is not known.
    case fixed(seconds: Int)
    /// Nothing: the local time cannot be told.
    case unknown
  }

  public var rules: Rules
  /// The name as Graph sent it (or the IANA id for the viewer's own zone).
  public var source: CleanText

  public init(rules: Rules, source: CleanText) {
    self.rules = rules
    self.source = source
  }

  /// The viewer's zone, from the system (`TimeZone.current` in the app; fixed in tests).
  public static func system(_ zone: TimeZone) -> ResolvedZone {
    ResolvedZone(rules: .iana(zone.identifier), source: CleanText(zone.identifier))
  }

  /// Whether the rules are the zone's own: false for an offset guessed from a name, or nothing.
  public var isKnown: Bool {
    switch rules {
    case .iana, .custom: return true
    case .fixed, .unknown: return false
    }
  }

  /// The IANA id, when there is one (the city shown comes from it).
  public var ianaIdentifier: String? {
    guard case .iana(let id) = rules else { return nil }
    return id
  }

  /// Seconds east of UTC at `date`; nil when the zone is unknown.
  public func secondsFromGMT(at date: Date) -> Int? {
    switch rules {
    case .iana(let id): return TimeZone(identifier: id)?.secondsFromGMT(for: date)
    case .custom(let zone): return zone.secondsFromGMT(at: date)
    case .fixed(let seconds): return seconds
    case .unknown: return nil
    }
  }

  /// The wall clock at `date`; nil when the zone is unknown.
  public func local(_ date: Date) -> LocalDateTime? {
    secondsFromGMT(at: date).map { LocalDateTime(date, offset: $0) }
  }

  /// The instant a wall clock shows `local`. A time skipped by the spring change (02:30 on the
  /// night clocks jump to 03:00) is read with the offset before the jump, so it lands just after
  /// it (03:30), as calendars do; a time the autumn change repeats is its first occurrence.
  public func instant(_ local: LocalDateTime) -> Date? {
    let wall = local.asUTC
    guard let before = secondsFromGMT(at: wall.addingTimeInterval(-86_400)),
      let after = secondsFromGMT(at: wall.addingTimeInterval(86_400))
    else { return nil }
    let candidates = [before, after].map { wall.addingTimeInterval(Double(-$0)) }
    let valid = zip([before, after], candidates).filter { secondsFromGMT(at: $0.1) == $0.0 }.map(\.1)
    return valid.min() ?? candidates[0]
  }
}
