import Foundation
import Testing

@testable import roster_bench

/// The navigation figures through a real pseudo-terminal, against a stand-in program whose
/// output per key is known: 100 bytes at once for each key, and 500 more once keys stop for
/// 150 ms (as Roster's detail pane does when the selection rests). Those late bytes must be
/// charged to the last key, not lost between windows.
@Suite struct NavigationAccountingTests {
  static let standIn = #"""
    import os, select, sys, termios, tty
    tty.setraw(0)
    out = sys.stdout.buffer
    out.write(b"R"); out.flush()
    pending = False
    while True:
        ready, _, _ = select.select([0], [], [], 0.15)
        if not ready:
            if pending:
                out.write(b"r" * 500); out.flush(); pending = False
            continue
        key = os.read(0, 64)
        if not key:
            break
        out.write(b"F" * 1000 if key == b"\x0c" else b"k" * 100); out.flush()
        pending = key != b"\x0c"
    """#

  @Test func bytesDrawnAfterTheLastKeyAreChargedToIt() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      Issue.record("python3 is needed for the stand-in program")
      return
    }
    let session = try PTYSession(
      executable: "/usr/bin/python3", arguments: ["-c", Self.standIn], environment: ["PATH": "/usr/bin:/bin"],
      rows: 24, cols: 80)
    defer { session.terminate() }
    // Python has started and its terminal is raw: keys sent from now on are read one by one.
    #expect(session.waitFor("R", after: 0, timeout: 120) != nil, "the stand-in never started")

    let figures = Scenarios.navigation(session, count: 10, intervalMs: 20, repaintKey: [0x0C])
    let counts = figures.outputPerKey.map(\.count)
    #expect(counts.count == 10)
    // A key may arrive more than 150 ms after the one before on a loaded machine, and then the
    // stand-in settles in between too; every byte is still charged to exactly one key.
    #expect(counts.dropLast().allSatisfy { $0 == 100 || $0 == 600 }, "\(counts)")
    #expect(counts.last == 600, "the settle output belongs to the last key: \(counts)")
    #expect(figures.meanBytesPerKey == Double(counts.reduce(0, +)) / 10)
    #expect(figures.bytesPerKey.median == 100)
    #expect(figures.fullRepaintBytes == 1000)
    #expect(figures.readsPerKey.median == 1, "one write per key")
  }
}
