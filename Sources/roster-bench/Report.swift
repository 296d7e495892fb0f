import Foundation

/// Every figure of one run, printed as a markdown table (and JSON with --json).
struct Report {
  struct RosterFigures {
    var typing: TypingFigures?
    var navigation: NavigationFigures?
    var startupMillis: Sample?
    /// With a cached token and a warm index: exec to the first frame and to the screen that stays.
    var warmStartup: StartupFigures?
    var peakRSSKilobytes: Int?
    var photos: PhotoFigures?
  }

  var people: Int
  var latencyMs: Int
  var word: String
  var quick: Bool
  /// The pseudo-terminal's size, "80×24".
  var size: String
  var roster = RosterFigures()
  var fzf: FzfHarness.Figures?
  var fzfMissing = false
  var requestsForWord = 0
  /// Typing runs merged into each "last key → final results" figure.
  var typingRuns = 1
  var queryCost: (roster: Int, unshaped: Int)?
  var resultsPaged = 0
  var index: IndexHarness.Figures?
  /// Groups (issue 20): the sync with groups and group search, beside the people-only figures.
  var groups: GroupBench.Figures?
  /// The first sync against Graph's limits, by design (issue 30).
  var firstSync: [FirstSyncBench.Figures] = []
  /// Graph round trips per `roster show` (the detail of a person, text only).
  var detailRoundTrips: Sample?
  /// The pane's day (issue 31): schedule requests while moving and at rest, rest → reach line.
  var reach: ReachScenario.Figures?
  /// App registrations, enterprise apps and devices (issue 42): their first sync, the expiry report.
  var apps: AppsBench.Figures?
  /// The tenant-wide lists and `signins --follow` (issue 43).
  var tenant: TenantBench.Figures?

  private struct Row {
    var metric: String
    var roster: Double?
    var fzf: Double?
    var target: String
    var unit: String
  }

  /// Roster's search debounce, as the harness sets it in Roster's settings file.
  private var debounceMs: Int { RosterHarness.debounceMs }

  private var rows: [Row] {
    let t = roster.typing
    let n = roster.navigation
    let f = fzf
    let p = roster.photos
    return [
      Row(
        metric: "Graph requests for \"\(word)\"", roster: Double(requestsForWord), fzf: nil,
        target: "1 (sample: \(word.count))", unit: ""),
      Row(
        metric: "echo latency p50", roster: t?.echoMillis.median, fzf: f?.typing.echoMillis.median, target: "",
        unit: "ms"),
      Row(
        metric: "echo latency p99", roster: t?.echoMillis.p99, fzf: f?.typing.echoMillis.p99, target: "≤ 1.5× fzf",
        unit: "ms"),
      Row(
        metric: "last key → final results (median of \(typingRuns) runs)", roster: t?.lastKeyToResultsMillis,
        fzf: f?.typing.lastKeyToResultsMillis,
        target: "≤ \(debounceMs + latencyMs + 20) ms (debounce \(debounceMs) + \(latencyMs) + 20)", unit: "ms"),
      Row(
        metric: "bytes per Down key, all bytes / keys", roster: n?.meanBytesPerKey, fzf: f?.navigation.meanBytesPerKey,
        target: "≤ full repaint / 5\(n.map { String(format: " (%.0f B)", Double($0.fullRepaintBytes) / 5) } ?? "")",
        unit: "B"),
      Row(
        metric: "bytes per Down key, median", roster: n?.bytesPerKey.median, fzf: f?.navigation.bytesPerKey.median,
        target: "≤ full repaint / 5", unit: "B"),
      Row(
        metric: "bytes per Down key, p99", roster: n?.bytesPerKey.p99, fzf: f?.navigation.bytesPerKey.p99, target: "",
        unit: "B"),
      Row(
        metric: "terminal writes per Down key, median (pty reads)", roster: n?.readsPerKey.median,
        fzf: f?.navigation.readsPerKey.median, target: "", unit: ""),
      Row(
        metric: "full repaint (Ctrl-L), \(size)", roster: n.map { Double($0.fullRepaintBytes) },
        fzf: f.map { Double($0.navigation.fullRepaintBytes) }, target: "", unit: "B"),
      Row(
        metric: "Down key latency p50", roster: n?.latencyMillis.median, fzf: f?.navigation.latencyMillis.median,
        target: "", unit: "ms"),
      Row(
        metric: "Down key latency p99", roster: n?.latencyMillis.p99, fzf: f?.navigation.latencyMillis.p99, target: "",
        unit: "ms"),
      Row(
        metric: "startup → first frame, median", roster: roster.startupMillis?.median, fzf: f?.startupMillis.median,
        target: "≤ 3× fzf", unit: "ms"),
      Row(
        metric: "startup → first frame, cached token + warm index, median",
        roster: roster.warmStartup?.firstFrameMillis.median, fzf: f?.startupMillis.median, target: "", unit: "ms"),
      Row(
        metric: "startup → settled first screen, cached token + warm index, median",
        roster: roster.warmStartup?.settledMillis.median, fzf: f?.settledMillis.median,
        target: "≤ 1.5× fzf", unit: "ms"),
      Row(
        metric: "peak RSS (roster: \(resultsPaged) results paged)",
        roster: roster.peakRSSKilobytes.map { Double($0) / 1024 },
        fzf: f?.peakRSSKilobytes.map { Double($0) / 1024 }, target: "≤ 60 MB", unit: "MB"),
      Row(
        metric: "frames after a Down rests, photos on (median; pty reads)", roster: p?.frames.median, fzf: nil,
        target: "≤ photos off + 1" + (p?.framesWithout.median.map { String(format: " (%.0f)", $0 + 1) } ?? ""),
        unit: ""),
      Row(
        metric: "frames after a Down rests, photos off (median)", roster: p?.framesWithout.median, fzf: nil,
        target: "", unit: ""),
      Row(
        metric: "bytes after a Down rests, photos on (median)", roster: p?.bytes.median, fzf: nil,
        target: "", unit: "B"),
      Row(
        metric: "bytes after a Down rests, photos off (median)", roster: p?.bytesWithout.median, fzf: nil,
        target: "", unit: "B"),
      Row(
        metric: "search response bytes (Roster's query)", roster: queryCost.map { Double($0.roster) }, fzf: nil,
        target: "", unit: "B"),
      Row(
        metric: "same search without $select/$top", roster: queryCost.map { Double($0.unshaped) }, fzf: nil, target: "",
        unit: "B"),
      Row(
        metric: "detail of a person (text): round trips, max of \(detailRoundTrips?.values.count ?? 0)",
        roster: detailRoundTrips?.values.max(), fzf: nil, target: "1 (was 3)", unit: ""),
    ] + indexRows
      + ((groups.map { GroupBench.rows($0, latencyMs: latencyMs) } ?? [])
      + (reach.map { ReachScenario.rows($0, latencyMs: latencyMs) } ?? [])
      + FirstSyncBench.rows(firstSync, latencyMs: latencyMs)
      + (apps.map { AppsBench.rows($0, latencyMs: latencyMs) } ?? [])
      + (tenant.map { TenantBench.rows($0, latencyMs: latencyMs) } ?? [])).map {
        Row(metric: $0.metric, roster: $0.roster, fzf: $0.fzf, target: $0.target, unit: $0.unit)
      }
  }

  /// The local index's figures (issue 12): typing beside fzf at this run's size, then the large
  /// sandbox's sync, size, memory and query times.
  private var indexRows: [Row] {
    guard let index else { return [] }
    var rows = [
      Row(
        metric: "index: last key → final results (warm, \(people) people, median of \(typingRuns))",
        roster: index.lastKeyToResultsMillis,
        fzf: fzf?.typing.lastKeyToResultsMillis, target: "≤ 2× fzf, ≤ 10 ms", unit: "ms"),
      Row(
        metric: "index: Graph searches while typing \"\(word)\"",
        roster: index.graphSearchesWhileTyping.map(Double.init), fzf: nil, target: "0", unit: ""),
    ]
    guard let large = index.large else { return rows }
    let people = large.people.formatted()
    rows += [
      Row(
        metric: "index: first full sync, \(people) people at \(latencyMs) ms (\(large.firstSyncRequests) requests)",
        roster: large.firstSyncSeconds, fzf: nil, target: "≤ 90 s", unit: "s"),
      Row(
        metric: "index: delta sync after 1% changed (\(large.deltaChanges) changes), requests",
        roster: Double(large.deltaRequests), fzf: nil,
        // A page holds at most 999 people: a million people's 1 % is 11 pages at least.
        target: "≤ \(max(5, (large.deltaChanges + 998) / 999 + 1))", unit: ""),
      Row(
        metric: "index: delta sync after 1% changed, time", roster: large.deltaSeconds, fzf: nil, target: "",
        unit: "s"),
      Row(
        metric: "sandbox: one /users/delta page of the first sync, median (no added latency)",
        roster: large.sandboxPageMillis?.median, fzf: nil, target: "", unit: "ms"),
      Row(
        metric: "sandbox: one /users/delta page of the first sync, p99", roster: large.sandboxPageMillis?.p99,
        fzf: nil, target: "≪ \(latencyMs) ms round trip", unit: "ms"),
      Row(
        metric: "sandbox: one $search over everyone (\"mar\")", roster: large.sandboxSearchMillis, fzf: nil,
        target: "", unit: "ms"),
      Row(
        metric: "sandbox: peak RSS serving \(people) people",
        roster: large.sandboxPeakRSSKilobytes.map { Double($0) / 1024 },
        fzf: nil, target: "", unit: "MB"),
      Row(
        metric: "index: file size, \(people) people", roster: Double(large.fileBytes) / 1_048_576, fzf: nil,
        target: "", unit: "MB"),
      Row(
        metric: "index: peak RSS of the first sync", roster: large.syncPeakRSSKilobytes.map { Double($0) / 1024 },
        fzf: nil, target: "≤ 80 MB", unit: "MB"),
      Row(
        metric: "index: local query p50, 1–3 letter prefixes", roster: large.shortPrefixMillis.median, fzf: nil,
        target: "", unit: "ms"),
      Row(
        metric: "index: local query p99, 1–3 letter prefixes", roster: large.shortPrefixMillis.p99, fzf: nil,
        target: "≤ 10 ms", unit: "ms"),
      Row(
        metric: "index: local query p99, multi-word", roster: large.multiWordMillis.p99, fzf: nil,
        target: "≤ 10 ms", unit: "ms"),
      Row(
        metric: "index: bytes a person (file size / people)",
        roster: large.people > 0 ? Double(large.fileBytes) / Double(large.people) : nil, fzf: nil,
        target: "≤ 250", unit: ""),
    ]
    for length in [1, 2, 3] {
      rows.append(
        Row(
          metric: "index: local query p99, \(length)-letter prefixes", roster: large.prefixP99[length], fzf: nil,
          target: "≤ 10 ms", unit: "ms"))
    }
    rows += [
      Row(
        metric: "index: misspelt names found in the first five rows (of \(large.closeTried))",
        roster: large.closeTried > 0 ? 100 * Double(large.closeFound) / Double(large.closeTried) : nil, fzf: nil,
        target: "≥ 95 %", unit: "%"),
      Row(
        metric: "index: exact + close query p99, misspelt names", roster: large.closeMillis?.p99, fzf: nil,
        target: large.people > 500_000 ? "≤ 25 ms" : "≤ 10 ms", unit: "ms"),
      Row(
        metric: "index: close matches listed above an exact one", roster: Double(large.closeAboveExact), fzf: nil,
        target: "0", unit: ""),
      Row(
        metric:
          "index: the colleague typed is the first row (\(large.yourPeople?.cases ?? 0) first names of "
          + "\(large.yourPeople?.users ?? 0) people's nearest; \(percentText(large.yourPeople, \.firstWithoutLists)) "
          + "without the lists)",
        roster: percent(large.yourPeople, \.first), fzf: nil, target: "≥ 95 %", unit: "%"),
      Row(
        metric: "index: query p99 with your people kept (those first names)", roster: large.yourPeople?.millis.p99,
        fzf: nil, target: "≤ 10 ms", unit: "ms"),
      Row(
        metric:
          "index: last key → final results typing \"\(large.typedWord ?? "")\" (warm, \(people) people; fzf: "
          + "\((large.fzfNames ?? 0).formatted()) names)",
        roster: large.lastKeyToResultsMillis, fzf: large.fzfLastKeyToResultsMillis, target: "≤ 2× fzf, ≤ 10 ms",
        unit: "ms"),
      Row(
        metric: "index: startup → settled first screen, cached token + this index, median",
        roster: large.warmStartup?.settledMillis.median, fzf: nil, target: "", unit: "ms"),
      Row(
        metric: "index: peak RSS of the full-screen UI over this index",
        roster: large.uiPeakRSSKilobytes.map { Double($0) / 1024 }, fzf: nil, target: "", unit: "MB"),
    ]
    return rows
  }

  func markdown() -> String {
    var out =
      "Roster vs fzf — \(people) people, sandbox latency \(latencyMs) ms, \(size)\(quick ? ", --quick" : "")\n\n"
    out += "| metric | roster | fzf | roster/fzf | target |\n|---|---:|---:|---:|---|\n"
    for row in rows {
      let ratio =
        (row.roster != nil && row.fzf != nil && row.fzf! > 0) ? String(format: "%.2f×", row.roster! / row.fzf!) : ""
      out +=
        "| \(row.metric) | \(format(row.roster, row.unit)) | \(format(row.fzf, row.unit)) | \(ratio) | \(row.target) |\n"
    }
    if fzfMissing { out += "\nfzf is not on PATH: install it (`apt-get install fzf`) for the reference column.\n" }
    return out
  }

  func json() throws -> Data {
    var figures: [[String: Any]] = []
    for row in rows {
      var entry: [String: Any] = ["metric": row.metric, "unit": row.unit, "target": row.target]
      if let value = row.roster { entry["roster"] = value }
      if let value = row.fzf { entry["fzf"] = value }
      figures.append(entry)
    }
    let root: [String: Any] = [
      "people": people, "latencyMs": latencyMs, "word": word, "quick": quick, "terminal": size, "figures": figures,
    ]
    return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
  }

  private func format(_ value: Double?, _ unit: String) -> String {
    guard let value else { return "—" }
    let number =
      value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    return unit.isEmpty ? number : "\(number) \(unit)"
  }
}

/// A share of `figures.cases` as a percentage, nil without cases.
private func percent(_ figures: YourPeopleFigures.Figures?, _ count: KeyPath<YourPeopleFigures.Figures, Int>) -> Double?
{
  guard let figures, figures.cases > 0 else { return nil }
  return 100 * Double(figures[keyPath: count]) / Double(figures.cases)
}

/// `percent` in words for a metric's name: "81 %", or "–".
private func percentText(_ figures: YourPeopleFigures.Figures?, _ count: KeyPath<YourPeopleFigures.Figures, Int>)
  -> String
{
  percent(figures, count).map { String(format: "%.0f %%", $0) } ?? "–"
}
