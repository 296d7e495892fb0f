import Foundation

/// Sorted, disjoint spans of time with the three operations free/busy needs: union, intersection
/// and subtraction. Plain `Range<Date>` values, so tests can write the expected spans directly.
public struct TimeRanges: Sendable, Equatable {
  public private(set) var ranges: [Range<Date>]

  /// `ranges` merged: overlapping or touching spans become one, empty ones vanish.
  public init(_ ranges: [Range<Date>]) {
    var merged: [Range<Date>] = []
    for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    self.ranges = merged
  }

  public func intersection(_ other: TimeRanges) -> TimeRanges {
    var result: [Range<Date>] = []
    for a in ranges {
      for b in other.ranges where a.overlaps(b) { result.append(a.clamped(to: b)) }
    }
    return TimeRanges(result)
  }

  public func subtracting(_ other: TimeRanges) -> TimeRanges {
    var result: [Range<Date>] = []
    for range in ranges {
      var start = range.lowerBound
      for hole in other.ranges where hole.overlaps(range) {
        if hole.lowerBound > start { result.append(start..<hole.lowerBound) }
        start = max(start, hole.upperBound)
      }
      if start < range.upperBound { result.append(start..<range.upperBound) }
    }
    return TimeRanges(result)
  }

  /// The span containing `date`, if any.
  public func range(containing date: Date) -> Range<Date>? { ranges.first { $0.contains(date) } }
}

extension WorkingHours {
  /// The working spans that overlap `window`, as instants, in `zone` (the zone the hours are in).
  /// Each day is placed by its own wall clock, so a span on the day clocks change keeps its
  /// 09:00–17:00 and is an hour shorter or longer in absolute time. Empty when `zone` is unknown.
  public func spans(overlapping window: Range<Date>, in zone: ResolvedZone) -> TimeRanges {
    guard let first = zone.local(window.lowerBound)?.day, let last = zone.local(window.upperBound)?.day else {
      return TimeRanges([])
    }
    var spans: [Range<Date>] = []
    var day = first.adding(days: -1)
    while day <= last {
      if days.contains(day.weekday) {
        let endSeconds = end > start ? end.seconds : end.seconds + 86_400
        if let from = zone.instant(LocalDateTime(day: day, seconds: start.seconds)),
          let to = zone.instant(LocalDateTime(day: day, seconds: endSeconds)), from < to
        {
          spans.append(from..<to)
        }
      }
      day = day.adding(days: 1)
    }
    return TimeRanges(spans).intersection(TimeRanges([window]))
  }
}
