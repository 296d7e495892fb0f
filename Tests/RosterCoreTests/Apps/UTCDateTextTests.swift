import Foundation
import RosterCore
import Testing

/// The report's dates are worked out by arithmetic (a formatter per row was a third of
/// `--expiring`'s time): they must read exactly as Foundation's ISO 8601 formatter writes them.
@Suite struct UTCDateTextTests {
  @Test func daysAndInstantsReadAsTheFormatterWritesThem() {
    let formatter = ISO8601DateFormatter()
    let dayOnly = ISO8601DateFormatter()
    dayOnly.formatOptions = [.withFullDate]
    var generator = SystemRandomNumberGenerator()
    let fixed: [TimeInterval] = [0, -1, -86_400, 951_782_400, 4_107_542_399, 1_798_761_599.9, -2_208_988_800]
    let random = (0..<2_000).map { _ in
      TimeInterval(Int64.random(in: -4_000_000_000...6_000_000_000, using: &generator))
    }
    for seconds in fixed + random {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(UTCDateText.day(date) == dayOnly.string(from: date), "\(seconds)")
      #expect(UTCDateText.instant(date) == formatter.string(from: date), "\(seconds)")
    }
  }
}
