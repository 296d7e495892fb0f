import Foundation

/// Turns a zone as Graph names it into rules to compute with (`ResolvedZone`).
///
/// In order: a Windows name through CLDR's table (`WindowsZones`, generated from CLDR's
/// windowsZones.xml — not a hand list), an IANA id Foundation knows, Graph's custom zone with its
/// own rules; failing those, an offset spelled in the name ("(UTC+05:30) Chennai", "UTC-03",
/// "GMT+1"), marked unknown; else unknown.
public enum ZoneResolver {
  public static func resolve(_ zone: ScheduleTimeZone) -> ResolvedZone {
    switch zone {
    case .custom(let custom):
      return ResolvedZone(rules: .custom(custom), source: custom.name ?? "custom time zone")
    case .named(let name):
      return resolve(name: name)
    }
  }

  public static func resolve(name: CleanText) -> ResolvedZone {
    let trimmed = name.string.trimmingCharacters(in: .whitespaces)
    if let id = ianaIdentifier(for: trimmed) { return ResolvedZone(rules: .iana(id), source: name) }
    if let seconds = spelledOffset(trimmed) { return ResolvedZone(rules: .fixed(seconds: seconds), source: name) }
    return ResolvedZone(rules: .unknown, source: name)
  }

  /// The IANA id for a Windows name (any case) or an IANA id Foundation knows; nil otherwise.
  public static func ianaIdentifier(for name: String) -> String? {
    if let id = WindowsZones.golden[name] ?? windowsByFoldedName[name.lowercased()] { return id }
    // Only ids with a slash or UTC: Foundation also answers to abbreviations ("PST", "BST"),
    // which are ambiguous across the world and not what Graph sends.
    guard name.contains("/") || name == "UTC", let zone = TimeZone(identifier: name) else { return nil }
    return zone.identifier
  }

  private static let windowsByFoldedName: [String: String] = Dictionary(
    WindowsZones.golden.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })

  /// Seconds east of UTC spelled at the start of a name: "(UTC+05:30) …", "UTC-3", "GMT+01:00".
  static func spelledOffset(_ name: String) -> Int? {
    let pattern = /^\(?(?:UTC|GMT)(?:([+\-−])(\d{1,2})(?::?(\d{2}))?)?\)?(?:\s|$)/
    guard let match = name.firstMatch(of: pattern) else { return nil }
    guard let sign = match.output.1, let hours = match.output.2.flatMap({ Int($0) }) else { return 0 }
    let minutes = match.output.3.flatMap { Int($0) } ?? 0
    guard hours <= 14, minutes < 60 else { return nil }
    return (sign == "+" ? 1 : -1) * (hours * 3600 + minutes * 60)
  }
}
