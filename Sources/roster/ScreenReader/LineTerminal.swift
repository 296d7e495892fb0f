import Foundation
import RosterCore

#if canImport(Glibc)
  import Glibc
#endif

/// The line mode's terminal: on a terminal, the prompt is edited in raw mode by `LineEditor`
/// (readline's keys, echoing only line-editing sequences); from a pipe or a file, plain lines are
/// read and the next prompt starts on a line of its own. Output is plain text with line breaks:
/// no full screen, no colours, no cursor addressing — what Speakup, Orca and BRLTTY read best, on
/// the Linux console and over SSH alike.
final class LineTerminal: @unchecked Sendable {
  /// Whether keys come from a terminal (and so are echoed and edited here).
  let isTerminal = isatty(STDIN_FILENO) == 1
  private var editor = LineEditor()
  private var decoder = LineKeyDecoder()
  /// Keys read but not yet used (typed ahead of the prompt).
  private var queued: [LineKey] = []

  /// The terminal's settings before raw mode, to put back however the program ends.
  nonisolated(unsafe) private static var saved: termios?

  /// Raw mode on a terminal: no echo, no line buffering, Control C and D as keys. Output keeps
  /// its processing (`OPOST`), so a line break is a line break.
  func start() {
    guard isTerminal else { return }
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    Self.saved = settings
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    settings.c_iflag &= ~tcflag_t(ICRNL | IXON)
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    for signal in [SIGTERM, SIGHUP] {
      Glibc.signal(signal) { number in
        LineTerminal.restoreSaved()
        _exit(128 + number)
      }
    }
  }

  /// Puts the terminal back as it was.
  func restore() { Self.restoreSaved() }

  private static func restoreSaved() {
    guard var saved = saved else { return }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
  }

  func say(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    StandardOutput.write(lines.map { $0 + "\n" }.joined())
  }

  /// The next line typed after `prompt`; nil at the end of input (Control D, Control C, a closed
  /// pipe).
  func readLine(prompt: String) async -> String? {
    StandardOutput.write(prompt)
    guard isTerminal else {
      let line = await Self.onThread { Swift.readLine(strippingNewline: true) }
      // Nothing was echoed: the answer starts on a line of its own.
      StandardOutput.write("\n")
      return line
    }
    editor.begin(prompt: prompt)
    while true {
      while !queued.isEmpty {
        switch editor.apply(queued.removeFirst()) {
        case .write(let bytes): if !bytes.isEmpty { StandardOutput.write(bytes) }
        case .submit(let line):
          StandardOutput.write("\n")
          return line
        case .quit:
          StandardOutput.write("\n")
          return nil
        }
      }
      guard let bytes = await Self.onThread(Self.readBytes) else { return nil }
      queued += decoder.feed(bytes)
    }
  }

  /// What one `read(2)` of stdin gave; nil at its end or on an error.
  private static func readBytes() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 { return Array(buffer.prefix(count)) }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }

  /// Blocking reads on a thread of their own: the demo's sandbox serves Graph from this process
  /// and needs the cooperative pool free.
  private static func onThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }
}
