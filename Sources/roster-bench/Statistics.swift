/// Percentiles of a sample, nearest-rank, in the sample's own unit.
struct Sample {
  var values: [Double]

  init(_ values: [Double]) { self.values = values.sorted() }

  var count: Int { values.count }

  func percentile(_ p: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let rank = Int((p / 100 * Double(values.count)).rounded(.up))
    return values[min(max(rank - 1, 0), values.count - 1)]
  }

  var median: Double? { percentile(50) }
  var p99: Double? { percentile(99) }
}

/// Nanoseconds to milliseconds.
func millis(_ nanos: UInt64) -> Double { Double(nanos) / 1_000_000 }
