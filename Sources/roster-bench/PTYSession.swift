import CBenchPTY
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Monotonic time in nanoseconds, the one clock every figure is measured with.
func monotonicNanos() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// A program running on a pseudo-terminal of its own, as a terminal emulator would run it: every
/// byte it writes is kept with the time it arrived, so latency and bytes per key can be measured.
final class PTYSession: @unchecked Sendable {
  struct Chunk {
    var time: UInt64
    var bytes: [UInt8]
  }

  let pid: pid_t
  private let master: Int32
  private let condition = NSCondition()
  private var chunks: [Chunk] = []
  private var output: [UInt8] = []
  /// Byte offset in `output` where each chunk starts, parallel to `chunks`.
  private var offsets: [Int] = []
  private var closed = false
  /// What is on the screen, fed from `chunks` up to `fedChunks` by whoever waits on it.
  private var screen: ScreenEmulator
  private var fedChunks = 0

  init(executable: String, arguments: [String], environment: [String: String], rows: Int, cols: Int) throws {
    let argv = [executable] + arguments
    let envp = environment.map { "\($0.key)=\($0.value)" }
    var masterFD: Int32 = -1
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = envp.map { strdup($0) } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    let child = bench_spawn_in_pty(executable, cArgs, cEnv, Int32(rows), Int32(cols), &masterFD)
    guard child > 0 else { throw BenchError("could not start \(executable): \(String(cString: strerror(errno)))") }
    pid = child
    ChildProcesses.started(child)
    master = masterFD
    screen = ScreenEmulator(rows: rows, cols: cols)
    let thread = Thread { [self] in readLoop() }
    thread.stackSize = 1 << 20
    thread.start()
  }

  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = read(master, &buffer, buffer.count)
      let now = monotonicNanos()
      condition.lock()
      if n <= 0 {
        closed = true
        condition.broadcast()
        condition.unlock()
        return
      }
      offsets.append(output.count)
      chunks.append(Chunk(time: now, bytes: Array(buffer[0..<n])))
      output.append(contentsOf: buffer[0..<n])
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Writes bytes as typed keys and returns the time they were written.
  @discardableResult
  func send(_ bytes: [UInt8]) -> UInt64 {
    let now = monotonicNanos()
    bytes.withUnsafeBufferPointer { _ = write(master, $0.baseAddress, $0.count) }
    return now
  }

  func send(_ text: String) -> UInt64 { send(Array(text.utf8)) }

  /// How many bytes the program has written so far.
  var outputCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return output.count
  }

  /// Waits until the output after byte `offset` contains `needle`; returns the arrival time of the
  /// chunk that completed it, or nil on timeout or exit.
  func waitFor(_ needle: [UInt8], after offset: Int, timeout: Double) -> UInt64? {
    waitUntil(timeout: timeout) { output, _ in
      guard output.count - offset >= needle.count else { return nil }
      guard let end = Self.find(needle, in: output, from: max(0, offset)) else { return nil }
      return end
    }
  }

  func waitFor(_ text: String, after offset: Int, timeout: Double) -> UInt64? {
    waitFor(Array(text.utf8), after: offset, timeout: timeout)
  }

  /// Waits until `match` returns the end offset of what it looked for; answers that byte's arrival time.
  func waitUntil(timeout: Double, _ match: ([UInt8], [Chunk]) -> Int?) -> UInt64? {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let end = match(output, chunks) { return arrivalTime(ofByte: end - 1) }
      if closed || !condition.wait(until: deadline) {
        if let end = match(output, chunks) { return arrivalTime(ofByte: end - 1) }
        return nil
      }
    }
  }

  /// Waits until what is on the screen satisfies `predicate`; answers the arrival time of the
  /// chunk that made it so (nil on timeout or exit).
  func waitForScreen(timeout: Double, _ predicate: (ScreenEmulator) -> Bool) -> UInt64? {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if predicate(screen) { return fedChunks > 0 ? chunks[fedChunks - 1].time : monotonicNanos() }
      while fedChunks < chunks.count {
        screen.feed(chunks[fedChunks].bytes)
        fedChunks += 1
        if predicate(screen) { return chunks[fedChunks - 1].time }
      }
      if closed || !condition.wait(until: deadline) { return nil }
    }
  }

  /// The cursor as it stands after everything received so far.
  func cursor() -> (row: Int, col: Int) {
    condition.lock()
    defer { condition.unlock() }
    while fedChunks < chunks.count {
      screen.feed(chunks[fedChunks].bytes)
      fedChunks += 1
    }
    return screen.cursor
  }

  /// The screen as it stands after everything received so far.
  func screenLines() -> [String] {
    condition.lock()
    defer { condition.unlock() }
    while fedChunks < chunks.count {
      screen.feed(chunks[fedChunks].bytes)
      fedChunks += 1
    }
    return screen.lines
  }

  /// Waits until no output has arrived for `quiet` seconds (or `timeout` passes).
  func waitForQuiet(_ quiet: Double, timeout: Double) {
    let deadline = Date().addingTimeInterval(timeout)
    var last = outputCount
    while Date() < deadline {
      Thread.sleep(forTimeInterval: quiet)
      let now = outputCount
      if now == last { return }
      last = now
    }
  }

  /// Bytes that arrived in `[from, to)` of the monotonic clock.
  func bytesArrived(from: UInt64, to: UInt64) -> Int {
    condition.lock()
    defer { condition.unlock() }
    return chunks.reduce(0) { $0 + ($1.time >= from && $1.time < to ? $1.bytes.count : 0) }
  }

  /// How many reads brought output in `[from, to)`: about how many writes the program made
  /// (writes made faster than the reader wakes may share a read, so never more).
  func readsArrived(from: UInt64, to: UInt64) -> Int {
    condition.lock()
    defer { condition.unlock() }
    return chunks.reduce(0) { $0 + ($1.time >= from && $1.time < to ? 1 : 0) }
  }

  /// The bytes that arrived in `[from, to)` of the monotonic clock, in order (for `--trace`).
  func bytes(from: UInt64, to: UInt64) -> [UInt8] {
    condition.lock()
    defer { condition.unlock() }
    return chunks.filter { $0.time >= from && $0.time < to }.flatMap(\.bytes)
  }

  /// Arrival time of the last chunk so far; nil before any output.
  func lastArrival() -> UInt64? {
    condition.lock()
    defer { condition.unlock() }
    return chunks.last?.time
  }

  /// Arrival time of the first chunk at or after `from`.
  func firstArrival(after from: UInt64) -> UInt64? {
    condition.lock()
    defer { condition.unlock() }
    return chunks.first { $0.time >= from }?.time
  }

  func text(from offset: Int) -> String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: output[min(offset, output.count)...], as: UTF8.self)
  }

  private func arrivalTime(ofByte index: Int) -> UInt64 {
    var lo = 0
    var hi = offsets.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if offsets[mid] <= index { lo = mid } else { hi = mid - 1 }
    }
    return chunks[lo].time
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    var i = from
    let last = haystack.count - needle.count
    while i <= last {
      if haystack[i] == needle[0] && haystack[i..<i + needle.count].elementsEqual(needle) { return i + needle.count }
      i += 1
    }
    return nil
  }

  /// Peak resident set size in kilobytes (VmHWM), read while the program still runs.
  func peakRSSKilobytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "")
    }
    return nil
  }

  /// Ends the program (SIGTERM, then SIGKILL) and reaps it.
  func terminate() {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<50 {
      if waitpid(pid, &status, WNOHANG) == pid {
        ChildProcesses.ended(pid)
        close(master)
        return
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
    ChildProcesses.ended(pid)
    close(master)
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
