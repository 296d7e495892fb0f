import Foundation

extension AppsBench {
  /// One line for the log: the sync against its floor, and the expiry report both ways.
  static func summary(_ figures: Figures, latencyMs: Int) -> String {
    let stats = figures.stats
    let pages = figures.chainPages.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    return String(
      format:
        "apps: first sync %.1f s, %d Graph requests (chain: %@), %d resource units, %d × 429, floor %.1f s "
        + "(%.2f×; %.2f× with the sandbox's time), peak RSS %.0f MB; --expiring 30d --offline median %.0f ms "
        + "(%d lines), from Graph median %.0f ms in %d requests",
      figures.seconds, stats.graphRequests, pages, stats.resourceUnits, stats.throttled, figures.floorSeconds,
      ratio(figures.seconds, figures.floorSeconds) ?? 0, ratio(figures.seconds, figures.floorWithServerSeconds) ?? 0,
      Double(figures.peakRSSKilobytes ?? 0) / 1024, figures.offlineMillis.median ?? 0, figures.expiringRows,
      figures.onlineMillis.median ?? 0, figures.onlineRequests)
  }

  static func ratio(_ wall: Double, _ floor: Double) -> Double? { floor > 0 ? wall / floor : nil }

  static func rows(_ figures: Figures, latencyMs: Int) -> [FirstSyncBench.Row] {
    let kept = [
      figures.registrationsKept.map { "\($0.formatted()) app registrations" },
      figures.enterpriseKept.map { "\($0.formatted()) enterprise apps" },
      figures.devicesKept.map { "\($0.formatted()) devices" },
    ].compactMap { $0 }.joined(separator: " + ")
    let people = figures.people == 1 ? "1 person" : "\(figures.people.formatted()) people"
    let name = "apps: first sync of \(kept), \(people) at \(latencyMs) ms"
    let chain = figures.chainPages.values.reduce(0, +)
    let stats = figures.stats
    let expiring = "apps: `roster apps --expiring 30d`"
    return [
      (metric: "\(name): wall time", roster: figures.seconds, fzf: nil, target: "", unit: "s"),
      (
        metric: "\(name): floor = max(\(chain) chained pages × round trip, units ÷ budget)",
        roster: figures.floorSeconds, fzf: nil, target: "", unit: "s"
      ),
      (
        metric: "\(name): floor with the sandbox's own time on the chain", roster: figures.floorWithServerSeconds,
        fzf: nil, target: "", unit: "s"
      ),
      (
        metric: "\(name): wall ÷ floor with the sandbox's own time on the chain",
        roster: ratio(figures.seconds, figures.floorWithServerSeconds), fzf: nil, target: "", unit: "×"
      ),
      (
        metric: "\(name): wall ÷ floor", roster: ratio(figures.seconds, figures.floorSeconds), fzf: nil,
        target: "≤ 1.5",
        unit: "×"
      ),
      (metric: "\(name): Graph requests", roster: Double(stats.graphRequests), fzf: nil, target: "", unit: ""),
      (metric: "\(name): resource units", roster: Double(stats.resourceUnits), fzf: nil, target: "", unit: ""),
      (metric: "\(name): 429s", roster: Double(stats.throttled), fzf: nil, target: "0", unit: ""),
      (
        metric: "\(name): peak RSS", roster: figures.peakRSSKilobytes.map { Double($0) / 1024 }, fzf: nil,
        target: "≤ 80 MB", unit: "MB"
      ),
      (
        metric: "\(expiring) --offline over that index (\(figures.expiringRows) lines): median wall of "
          + "\(figures.offlineMillis.count)", roster: figures.offlineMillis.median, fzf: nil, target: "≤ 100 ms",
        unit: "ms"
      ),
      (
        metric: "\(expiring) --offline: user + system CPU (wait4), median", roster: figures.offlineCPUMillis.median,
        fzf: nil, target: "", unit: "ms"
      ),
      (
        metric:
          "\(expiring) --offline: the index's part (\(figures.dueCredentials) credentials due read from their columns, in the "
          + "bench's process), median", roster: figures.indexReadMillis.median, fzf: nil, target: "", unit: "ms"
      ),
      (
        metric: "\(expiring) from Graph, same tenant (\(figures.onlineRows) lines): median wall of "
          + "\(figures.onlineMillis.count)", roster: figures.onlineMillis.median.map { $0 / 1000 }, fzf: nil,
        target: "", unit: "s"
      ),
      (
        metric: "\(expiring) from Graph: requests", roster: Double(figures.onlineRequests), fzf: nil, target: "",
        unit: ""
      ),
    ]
  }
}
