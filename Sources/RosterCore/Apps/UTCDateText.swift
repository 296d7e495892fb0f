import Foundation

/// A date as ISO 8601 writes it in UTC ("2026-12-31", "2026-12-31T08:19:06Z"), worked out by
/// arithmetic rather than a formatter per value: `roster apps --expiring` prints tens of
/// thousands of them, and a formatter made per row was a third of its time.
public enum UTCDateText {
  /// "2026-12-31T08:19:06Z" (whole seconds, as Graph writes `endDateTime`).
  public static func instant(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = floorDivide(seconds, 86_400)
    let time = seconds - days * 86_400
    return civilDay(days) + "T" + pad(time / 3600) + ":" + pad(time % 3600 / 60) + ":" + pad(time % 60) + "Z"
  }

  /// "2026-12-31".
  public static func day(_ date: Date) -> String {
    civilDay(floorDivide(Int(date.timeIntervalSince1970.rounded(.down)), 86_400))
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
  /// days-to-civil algorithm).
  static func civilDay(_ days: Int) -> String {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    let yearText = String(year)
    return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + pad(month) + "-" + pad(day)
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

  /// Division rounding toward negative infinity, so an instant before 1970 keeps its own day.
  private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    let quotient = value / divisor
    return value % divisor != 0 && (value < 0) != (divisor < 0) ? quotient - 1 : quotient
  }
}
