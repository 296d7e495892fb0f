import Foundation

/// How a zone and a time in it are said: "14:05 in Singapore, 7 h ahead of you".
///
/// A zone is named by the city of its IANA id — the last part, underscores as spaces
/// ("America/Argentina/Buenos_Aires" → "Buenos Aires") — because a city is what people know a
/// zone by; a Windows name resolves to CLDR's golden zone, so "Pacific Standard Time" reads "Los
/// Angeles". `Etc/` zones and custom or guessed zones are named by their offset ("UTC+05:30").
public enum ZoneText {
  /// "Singapore", "New York", "UTC", "UTC−08:00" (the offset at `date`); nil when unknown.
  public static func place(_ zone: ResolvedZone, at date: Date) -> String? {
    if let id = zone.ianaIdentifier, let city = city(ofIANA: id) { return city }
    return zone.secondsFromGMT(at: date).map(offset)
  }

  /// The city an IANA id names; nil for `Etc/…` and bare ids other than "UTC".
  public static func city(ofIANA id: String) -> String? {
    if id == "UTC" || id == "Etc/UTC" || id == "GMT" || id == "Etc/GMT" { return "UTC" }
    guard !id.hasPrefix("Etc/"), let last = id.split(separator: "/").last, id.contains("/") else { return nil }
    return last.replacingOccurrences(of: "_", with: " ")
  }

  /// "UTC+05:30", "UTC−08:00", "UTC".
  public static func offset(_ seconds: Int) -> String {
    guard seconds != 0 else { return "UTC" }
    let minutes = abs(seconds) / 60
    return "UTC" + (seconds > 0 ? "+" : "−") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
  }

  /// "7 h ahead of you", "3 h 30 min behind you", "the same time as you".
  public static func difference(_ seconds: Int) -> String {
    guard seconds != 0 else { return "the same time as you" }
    let minutes = abs(seconds) / 60
    let amount = [minutes / 60 > 0 ? "\(minutes / 60) h" : nil, minutes % 60 > 0 ? "\(minutes % 60) min" : nil]
      .compactMap { $0 }.joined(separator: " ")
    return amount + (seconds > 0 ? " ahead of you" : " behind you")
  }

  /// The local-time line: "14:05 in Singapore, 7 h ahead of you". An offset-only zone adds that
  /// its name was not recognised; an unknown zone says so instead of a time.
  public static func localTime(at now: Date, theirs: ResolvedZone, yours: ResolvedZone) -> String {
    guard let local = theirs.local(now), let offset = theirs.secondsFromGMT(at: now) else {
      return "unknown (zone \"\(theirs.source)\")"
    }
    let place = place(theirs, at: now) ?? self.offset(offset)
    var text = local.clock + (theirs.ianaIdentifier.flatMap(city(ofIANA:)) != nil ? " in " : " at ") + place
    if let mine = yours.secondsFromGMT(at: now) { text += ", " + difference(offset - mine) }
    if !theirs.isKnown { text += " (time zone \"\(theirs.source)\" not recognised: offset only)" }
    return text
  }

  /// "Mon–Fri 08:00–17:00 in Los Angeles (17:00–02:00 yours)" for the working day around `date`;
  /// "no working hours" when none are set.
  public static func workingHours(_ hours: WorkingHours?, at date: Date, yours: ResolvedZone) -> String {
    guard let hours, !hours.isEmpty else { return "no working hours" }
    let zone = hours.timeZone.map(ZoneResolver.resolve) ?? ResolvedZone(rules: .unknown, source: "no time zone")
    let start = LocalDateTime(day: CivilDay(year: 2000, month: 1, day: 1), seconds: hours.start.seconds).clock
    let end = LocalDateTime(day: CivilDay(year: 2000, month: 1, day: 1), seconds: hours.end.seconds).clock
    var text = days(hours.days) + " " + start + "–" + end
    guard let local = zone.local(date) else { return text + " (time zone \"\(zone.source)\" unknown)" }
    text += " in " + (place(zone, at: date) ?? zone.source.string)
    let endSeconds = hours.end > hours.start ? hours.end.seconds : hours.end.seconds + 86_400
    if let from = zone.instant(LocalDateTime(day: local.day, seconds: hours.start.seconds)),
      let to = zone.instant(LocalDateTime(day: local.day, seconds: endSeconds)),
      let mineFrom = yours.local(from), let mineTo = yours.local(to),
      zone.secondsFromGMT(at: date) != yours.secondsFromGMT(at: date)
    {
      text += " (\(mineFrom.clock)–\(mineTo.clock) yours)"
    }
    return text
  }

  /// "Mon–Fri", "Sun–Thu", "Mon, Wed, Fri", "every day".
  public static func days(_ days: Set<Weekday>) -> String {
    if days.count == 7 { return "every day" }
    let sorted = days.sorted()
    let consecutive = zip(sorted, sorted.dropFirst()).allSatisfy { $0.rawValue + 1 == $1.rawValue }
    if consecutive, sorted.count >= 3, let first = sorted.first, let last = sorted.last {
      return first.short + "–" + last.short
    }
    return sorted.map(\.short).joined(separator: ", ")
  }
}
