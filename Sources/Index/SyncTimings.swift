/// Where a sync round's time went, logged once when it ends ("index sync timings"): a slow first
/// sync is a support case, and whether it waited on the network or on the disk decides the fix.
struct SyncTimings: Sendable {
  /// Time the writer waited for the next page (the network and decoding not hidden behind writing).
  var waitingForPages: Duration = .zero
  /// Writing pages' rows (one transaction each).
  var writingPages: Duration = .zero
  /// The last page and the full-text tokens of the whole generation (`finishFullSync`).
  var finishing: Duration = .zero
  /// Removing replaced generations and `VACUUM` (`purgeOldGenerations`).
  var purging: Duration = .zero

  /// Runs `body`, adding its duration to `phase`.
  mutating func measure<T>(_ phase: WritableKeyPath<SyncTimings, Duration>, _ body: () async throws -> T)
    async rethrows -> T
  {
    let started = ContinuousClock.now
    defer { self[keyPath: phase] += ContinuousClock.now - started }
    return try await body()
  }

  var metadata: [String: String] {
    [
      "waiting_ms": Self.milliseconds(waitingForPages), "writing_ms": Self.milliseconds(writingPages),
      "finishing_ms": Self.milliseconds(finishing), "purging_ms": Self.milliseconds(purging),
    ]
  }

  private static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }
}
