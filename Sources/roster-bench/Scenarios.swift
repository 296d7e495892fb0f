import Foundation

/// Figures of one typing run, or of several merged.
struct TypingFigures {
  var echoMillis: Sample
  /// Last key written → final results drawn (the median, when runs are merged).
  var lastKeyToResultsMillis: Double?

  /// Each run gives one "last key → results" figure, which a busy moment on a shared machine can
  /// move by 10–20 ms: several runs are merged into their median, with every echo pooled.
  init(merging runs: [TypingFigures]) {
    echoMillis = Sample(runs.flatMap(\.echoMillis.values))
    lastKeyToResultsMillis = Sample(runs.compactMap(\.lastKeyToResultsMillis)).median
  }

  init(echoMillis: Sample, lastKeyToResultsMillis: Double?) {
    self.echoMillis = echoMillis
    self.lastKeyToResultsMillis = lastKeyToResultsMillis
  }
}

/// Figures of one navigation run.
struct NavigationFigures {
  /// Bytes from each key to the next; the last key's run on until the program goes quiet, so
  /// whatever is drawn once the selection rests (Roster's detail pane) is counted too.
  var bytesPerKey: Sample
  /// Every byte written from the first key until quiet, over the number of keys.
  var meanBytesPerKey: Double
  /// Reads of the terminal's output per key: over SSH each write tends to become a packet with
  /// its own headers, so one write per frame matters on a slow link.
  var readsPerKey: Sample
  var latencyMillis: Sample
  var fullRepaintBytes: Int
  /// What the program wrote after each key, for `--trace`.
  var outputPerKey: [[UInt8]] = []
}

enum Scenarios {
  /// Types `word` one key every `interval` ms and measures each key's echo; `resultsDrawn` tells
  /// when the final results for the whole word are on screen (given the offset after the last key).
  static func typing(
    _ session: PTYSession, word: String, intervalMs: Int, echoLine: (String) -> String,
    resultsDrawn: (PTYSession, _ offset: Int) -> UInt64?
  ) -> TypingFigures {
    var echoes: [Double] = []
    var next = monotonicNanos()
    var lastKeyAt: UInt64 = 0
    var offsetAfterLastKey = 0
    var typedSoFar = ""
    for character in word {
      sleep(until: next)
      let offset = session.outputCount
      typedSoFar.append(character)
      let line = echoLine(typedSoFar)
      let sentAt = session.send(String(character))
      lastKeyAt = sentAt
      offsetAfterLastKey = offset
      if let drawn = session.waitForScreen(timeout: Double(intervalMs) / 1000 * 0.95, { $0.contains(line) }) {
        echoes.append(millis(drawn - sentAt))
      }
      next = sentAt + UInt64(intervalMs) * 1_000_000
    }
    let final = resultsDrawn(session, offsetAfterLastKey)
    return TypingFigures(echoMillis: Sample(echoes), lastKeyToResultsMillis: final.map { millis($0 - lastKeyAt) })
  }

  /// Presses Down `count` times `intervalMs` apart; bytes and first-byte latency per key, and the
  /// size of a full repaint (Ctrl-L) for scale. The program may draw after a key's window (a
  /// pane that waits for the selection to rest): that is charged to the last key, never lost.
  static func navigation(_ session: PTYSession, count: Int, intervalMs: Int, repaintKey: [UInt8]) -> NavigationFigures {
    session.waitForQuiet(0.3, timeout: 5)
    var sentTimes: [UInt64] = []
    var next = monotonicNanos()
    for _ in 0..<count {
      sleep(until: next)
      let at = session.send(Keys.down)
      sentTimes.append(at)
      next = at + UInt64(intervalMs) * 1_000_000
    }
    sleep(until: next)
    session.waitForQuiet(0.3, timeout: 5)
    let quiet = monotonicNanos()
    var bytes: [Double] = []
    var latencies: [Double] = []
    var outputs: [[UInt8]] = []
    var reads: [Double] = []
    for (index, sent) in sentTimes.enumerated() {
      let end = index + 1 < sentTimes.count ? sentTimes[index + 1] : quiet
      outputs.append(session.bytes(from: sent, to: end))
      bytes.append(Double(outputs[index].count))
      reads.append(Double(session.readsArrived(from: sent, to: end)))
      let window = index + 1 < sentTimes.count ? end : sent + UInt64(intervalMs) * 1_000_000
      if let first = session.firstArrival(after: sent), first < window { latencies.append(millis(first - sent)) }
    }
    let total = bytes.reduce(0, +)
    let before = monotonicNanos()
    session.send(repaintKey)
    session.waitForQuiet(0.3, timeout: 5)
    let repaint = session.bytesArrived(from: before, to: monotonicNanos())
    return NavigationFigures(
      bytesPerKey: Sample(bytes), meanBytesPerKey: bytes.isEmpty ? 0 : total / Double(bytes.count),
      readsPerKey: Sample(reads), latencyMillis: Sample(latencies), fullRepaintBytes: repaint, outputPerKey: outputs)
  }

  /// Median time from exec to the first complete frame over `runs` starts.
  static func startup(_ subject: Subject, runs: Int) throws -> Sample {
    var times: [Double] = []
    for _ in 0..<runs {
      let (session, started, frame) = try subject.launchAndWaitForFirstFrame()
      session.terminate()
      guard let frame else { throw BenchError("\(subject.name) never drew its first frame") }
      times.append(millis(frame - started))
    }
    return Sample(times)
  }

  /// Time from exec to the first complete frame, and to the screen that stays (the last output
  /// before `quiet` seconds of none), over `runs` starts. For a program whose screen has nothing
  /// left to change after start (Roster with a cached token and a warm index, fzf).
  static func settledStartup(_ subject: Subject, runs: Int, quiet: Double = 0.3) throws -> StartupFigures {
    var firstFrames: [Double] = []
    var settled: [Double] = []
    for _ in 0..<runs {
      let (session, started, frame) = try subject.launchAndWaitForFirstFrame()
      if frame != nil { session.waitForQuiet(quiet, timeout: 5) }
      let last = session.lastArrival()
      session.terminate()
      guard let frame, let last else { throw BenchError("\(subject.name) never drew its first frame") }
      firstFrames.append(millis(frame - started))
      settled.append(millis(max(last, frame) - started))
    }
    return StartupFigures(firstFrameMillis: Sample(firstFrames), settledMillis: Sample(settled))
  }
}

/// A program's start: when its first complete frame was drawn, and when the screen stopped
/// changing (the first screen that settles; a UI that draws a sign-in screen, then the list,
/// then its status line, settles at the last of them).
struct StartupFigures {
  var firstFrameMillis: Sample
  var settledMillis: Sample
}
