import Foundation

/// A time zone as the sandbox states a mailbox's working hours (Graph's `timeZoneBase`): an IANA
/// id, a Windows name, a `customTimeZone` with its own rules, or a name nobody knows. The sandbox
/// computes with its own rules (Foundation's tz data, or the custom rules) and never with the
/// client's, so a client that reads a zone wrongly is caught.
public struct CalendarZone: Sendable, Equatable {
  public enum Rules: Sendable, Equatable {
    /// Foundation's tz data for this IANA id (also behind a Windows name).
    case iana(String)
    case custom(CustomZoneRules)
    /// A name no client can resolve ("Mars Standard Time"); the sandbox places the person's day
    /// with this offset all year.
    case fixed(seconds: Int)
  }

  /// The name as Graph sends it (`timeZone.name`).
  public var name: String
  public var rules: Rules

  public init(name: String, rules: Rules) {
    self.name = name
    self.rules = rules
  }

  /// Seconds east of UTC at `date`.
  public func secondsFromGMT(at date: Date) -> Int {
    switch rules {
    case .iana(let id): return TimeZone(identifier: id)?.secondsFromGMT(for: date) ?? 0
    case .custom(let custom): return custom.secondsFromGMT(at: date)
    case .fixed(let seconds): return seconds
    }
  }

  /// The instant this zone's wall clock shows `seconds` after the start of `day` (days since
  /// 1970-01-01). A time the spring change skips lands after the jump; a repeated one is its
  /// first occurrence.
  public func instant(day: Int, seconds: Int) -> Date {
    let wall = Date(timeIntervalSince1970: Double(day * 86_400 + seconds))
    let before = secondsFromGMT(at: wall.addingTimeInterval(-86_400))
    let after = secondsFromGMT(at: wall.addingTimeInterval(86_400))
    let candidates = [before, after].map { wall.addingTimeInterval(Double(-$0)) }
    let valid = zip([before, after], candidates).filter { secondsFromGMT(at: $0.1) == $0.0 }.map(\.1)
    return valid.min() ?? candidates[0]
  }

  /// The local day (days since 1970-01-01) and seconds into it at `date`.
  public func local(_ date: Date) -> (day: Int, seconds: Int) {
    let wall = Int((date.timeIntervalSince1970).rounded(.down)) + secondsFromGMT(at: date)
    let day = Int((Double(wall) / 86_400).rounded(.down))
    return (day, wall - day * 86_400)
  }

  /// `workingHours.timeZone` as Graph writes it: `{"name": …}`, or a `customTimeZone` with its
  /// `@odata.type`, bias and rules (the shape of Graph's own getSchedule example).
  public var json: JSONValue {
    guard case .custom(let custom) = rules else { return .object([("name", .string(name))]) }
    var members: [(String, JSONValue)] = [
      ("@odata.type", .string("#microsoft.graph.customTimeZone")), ("bias", .number(Double(custom.bias))),
      ("name", .string(name)),
    ]
    if let standard = custom.standard, let daylight = custom.daylight {
      members.append(("standardOffset", standard.json(daylightBias: nil)))
      members.append(("daylightOffset", daylight.json(daylightBias: custom.daylightBias)))
    }
    return .object(members)
  }

  /// A zone named in a request (`Prefer: outlook.timezone`, a `dateTimeTimeZone`): `UTC`, an IANA
  /// id Foundation knows, or a Windows name from the sandbox's table; nil otherwise.
  public static func named(_ text: String) -> CalendarZone? {
    let name = text.trimmingCharacters(in: .whitespaces)
    if name.uppercased() == "UTC" { return CalendarZone(name: "UTC", rules: .iana("UTC")) }
    if let iana = windowsNames.first(where: { $0.key.lowercased() == name.lowercased() })?.value {
      return CalendarZone(name: name, rules: .iana(iana))
    }
    guard name.contains("/"), TimeZone(identifier: name) != nil else { return nil }
    return CalendarZone(name: name, rules: .iana(name))
  }

  /// The Windows names the sandbox hands out or reads, with the IANA zone CLDR's windowsZones.xml
  /// gives each ("001" territory).
  public static let windowsNames: [String: String] = [
    "Pacific Standard Time": "America/Los_Angeles", "Eastern Standard Time": "America/New_York",
    "W. Europe Standard Time": "Europe/Berlin", "GMT Standard Time": "Europe/London",
    "India Standard Time": "Asia/Kolkata", "Tokyo Standard Time": "Asia/Tokyo",
    "AUS Eastern Standard Time": "Australia/Sydney", "E. South America Standard Time": "America/Sao_Paulo",
    "Romance Standard Time": "Europe/Paris", "Central European Standard Time": "Europe/Warsaw",
    "Arabian Standard Time": "Asia/Dubai", "Israel Standard Time": "Asia/Jerusalem",
    "China Standard Time": "Asia/Shanghai", "Singapore Standard Time": "Asia/Singapore",
    "Central Standard Time": "America/Chicago", "UTC": "Etc/UTC",
  ]
}
