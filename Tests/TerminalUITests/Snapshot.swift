import Foundation
import TerminalUI
import Testing

/// Text snapshots (swift-argument-parser's recipe): `__Snapshots__/<name>.txt` next to this file; a name
/// may start with a kind's folder (`Devices/…`), so a new kind's screens live in a folder of its own.
/// A missing snapshot is recorded and the test FAILS (so a forgotten recording never passes);
/// `RECORD_SNAPSHOTS=1` re-records all. A mismatch prints a line diff.
func assertSnapshot(
  _ buffer: ScreenBuffer, named name: String,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
  let file = directory.appendingPathComponent("\(name).txt")
  let actual = buffer.snapshot()
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? actual.write(to: file, atomically: true, encoding: .utf8)
    Issue.record("Recorded snapshot \(name).txt; check it and run again.", sourceLocation: sourceLocation)
    return
  }
  guard expected != actual else { return }
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var diff: [String] = []
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
    let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
    if e != a { diff.append("line \(index + 1):\n  - \(e)\n  + \(a)") }
  }
  let report: String = "Snapshot \(name).txt differs:\n" + diff.joined(separator: "\n")
  Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}
