import Foundation
import Index

/// `--index-file`: the local query figures (`IndexHarness.queryTimes`, close matches) on an index
/// file already synced, without a sandbox: measures a change to the index's queries in seconds,
/// on a file of any size (a million people written once).
enum IndexFileFigures {
  static func run(path: String) throws {
    let opened = monotonicNanos()
    let index = try DirectoryIndex.open(IndexLocation(file: URL(fileURLWithPath: path)))
    let status = try index.status()
    print(
      "opened in \(format(millis(monotonicNanos() - opened))) ms: \(status.people) people, \(status.sizeBytes) bytes")
    print("bytes a person: \(status.people > 0 ? Int(status.sizeBytes) / status.people : 0)")
    var slowest: [(Double, String)] = []
    for query in ["a", "e", "x", "q", "ma", "jo", "ch", "mar", "ann", "an ma", "a b", "k m n", "el de la", "joh smi"] {
      var samples: [Double] = []
      for _ in 0..<5 {
        let start = monotonicNanos()
        _ = try index.search(query, limit: 500)
        samples.append(millis(monotonicNanos() - start))
      }
      slowest.append((Sample(samples).median ?? 0, query))
    }
    for (time, query) in slowest.sorted(by: { $0.0 > $1.0 }) { print("  \(format(time)) ms  \"\(query)\"") }
    let (short, multi, byLength) = try IndexHarness.queryTimes(index)
    print("p50 1-3 letters \(format(short.median ?? 0)) ms, p99 \(format(short.p99 ?? 0)) ms")
    for length in byLength.keys.sorted() { print("p99 \(length) letters \(format(byLength[length] ?? 0)) ms") }
    print("p99 multi-word \(format(multi.p99 ?? 0)) ms")
    var figures = IndexHarness.LargeFigures(
      people: status.people, firstSyncSeconds: 0, firstSyncRequests: 0, deltaRequests: 0, deltaChanges: 0,
      fileBytes: status.sizeBytes, shortPrefixMillis: short, multiWordMillis: multi)
    try IndexHarness.closeMatches(index, into: &figures)
    print(
      "exact+close p99 \(format(figures.closeMillis?.p99 ?? 0)) ms, found \(figures.closeFound)/\(figures.closeTried),"
        + " close above exact \(figures.closeAboveExact)")
    try lookups(index)
    try pageSizes(index)
    try YourPeopleFigures.cost(index)
  }

  static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
