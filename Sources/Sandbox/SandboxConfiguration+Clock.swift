import Foundation

extension SandboxConfiguration {
  /// A clock that reads `start` now and runs on from there at the real pace (`roster sandbox
  /// --now`), so tokens, presence, throttle windows and calendars live on another day — a
  /// daylight-saving change, say — while time still passes.
  public static func clock(startingAt start: Date) -> @Sendable () -> Date {
    let launched = Date()
    return { start.addingTimeInterval(Date().timeIntervalSince(launched)) }
  }

  /// `2026-03-09T14:30:00Z`, `2026-03-09T14:30:00+01:00` or `2026-03-09` (midnight UTC): the
  /// forms `--now` takes; nil for anything else.
  public static func instant(iso text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let full = ISO8601DateFormatter()
    if let date = full.date(from: trimmed) { return date }
    full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = full.date(from: trimmed) { return date }
    let day = ISO8601DateFormatter()
    day.formatOptions = [.withFullDate]
    return day.date(from: trimmed)
  }
}
