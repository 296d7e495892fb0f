import CNCurses
import Dispatch
import Foundation
import RosterCore
import TerminalUI

/// The UI's event loop: Dispatch sources on the main queue, no polling.
///
/// ```
///  stdin bytes ──read source──► KeyDecoder ──► onKey(Key) ──► store.send ──► setNeedsDisplay()
///  SIGWINCH ─────signal source─► ioctl(TIOCGWINSZ) + resizeterm ─────────────► setNeedsDisplay()
///  SIGTERM/SIGHUP/SIGINT ──────► restore terminal, exit
///  SIGCONT (after Ctrl-Z, `fg`) ► resume, full repaint
///  setNeedsDisplay() ──at most one main.async pending──► onRender(surface) + one doupdate()
/// ```
/// When idle nothing runs: the process sleeps in the kernel until a byte, a signal or an effect's
/// result arrives, so CPU use is ~0%.
@MainActor
public final class EventLoop {
  public let session: TerminalSession
  /// Called for every decoded key, in order.
  public var onKey: (Key) -> Void = { _ in }
  /// Draws the whole screen; called at most once per batch of changes.
  public var onRender: (CursesSurface) -> Void = { _ in }
  /// Called after a frame's bytes went to the terminal (the idle file for tests is touched here,
  /// so "idle" means the settled state is on screen, not only in the store).
  public var onFrameWritten: () -> Void = {}
  /// Called after a resize, before the redraw it causes.
  public var onResize: (Int, Int) -> Void = { _, _ in }
  /// Called once the terminal answered the graphics probe (or did not, in time).
  public var onGraphicsProbed: (GraphicsProbe) -> Void = { _ in }
  /// While the graphics probe runs, its answers are taken out of the input (`GraphicsProbe`).
  private var probe: GraphicsProbe?
  /// Whether the running probe pushed the title (it sent the kitty query) and must pop it.
  private var probeRestoresTitle = false

  private var decoder = KeyDecoder()
  private var sources: [any DispatchSourceProtocol] = []
  private var renderPending = false
  /// While true no frame is drawn: the app's start-up reads have not answered yet, and a frame
  /// now would be replaced a few milliseconds later (`TerminalApp` sets and clears it). A frame
  /// asked for meanwhile is drawn when the hold ends.
  public var holdsFrames = false {
    didSet {
      if oldValue && !holdsFrames && heldFrame {
        heldFrame = false
        setNeedsDisplay()
      }
    }
  }
  private var heldFrame = false
  private var escapeFlush: DispatchWorkItem?
  /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
  private let escapeDelay: DispatchTimeInterval = .milliseconds(30)
  private var pasteStall: DispatchWorkItem?
  /// How long a bracketed paste may go without a byte before it counts as ended: a terminal
  /// sends a paste in one burst, so a silence this long means the end marker is not coming.
  private let pasteStallDelay: DispatchTimeInterval = .milliseconds(1000)

  public init(session: TerminalSession) {
    self.session = session
  }

  /// Installs the sources and draws the first frame.
  public func start() {
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readInput() }
    }
    input.resume()
    sources.append(input)
    watch(SIGWINCH) { $0.handleResize() }
    watch(SIGCONT) { loop in
      loop.session.resume()
      loop.handleResize()
    }
    watch(SIGTSTP) { $0.suspend() }
    for fatal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
      watch(fatal) { $0.finish(code: 128 + fatal) }
    }
    watch(SIGPIPE) { _ in }
    setNeedsDisplay()
  }

  /// Marks the screen dirty; the redraw runs once, after the current batch of events.
  public func setNeedsDisplay() {
    guard !renderPending else { return }
    renderPending = true
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated { self?.renderNow() }
    }
  }

  /// Ctrl-L: repaint every cell, in case something else wrote to the terminal.
  public func redrawAll() {
    session.forceFullRepaint()
    setNeedsDisplay()
  }

  /// Ctrl-Z: restore the terminal and stop; SIGCONT brings us back.
  public func suspend() {
    session.suspend()
  }

  /// Restores the terminal and exits the process.
  public func finish(code: Int32) -> Never {
    for source in sources { source.cancel() }
    session.restore()
    exit(code)
  }

  // MARK: - Private

  private func watch(_ signalNumber: Int32, _ handler: @escaping @MainActor (EventLoop) -> Void) {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        handler(self)
      }
    }
    source.resume()
    sources.append(source)
  }

  private func handleResize() {
    let size = session.resize()
    onResize(size.rows, size.cols)
    setNeedsDisplay()
  }

  private func renderNow() {
    renderPending = false
    if holdsFrames {
      heldFrame = true
      return
    }
    session.beginFrame()
    onRender(session.surface)
    session.endFrame()
    onFrameWritten()
  }

  private func readInput() {
    var bytes = [UInt8](repeating: 0, count: 65_536)
    let count = bytes.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count == 0 { finish(code: 1) }  // the terminal went away (EOF on the tty)
    if count < 0 {
      if errno == EINTR || errno == EAGAIN { return }
      finish(code: 1)
    }
    escapeFlush?.cancel()
    pasteStall?.cancel()
    var input = bytes[0..<count]
    if var running = probe {
      input = running.filter(input)[...]
      probe = running
      if running.finished { finishProbe() }
    }
    deliver(decoder.feed(input))
    if decoder.isInPaste {
      let stall = DispatchWorkItem { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          // A held-back ESC is past its wait too: flush it with the paste.
          self.deliver(self.decoder.endStalledPaste() + self.decoder.flushPendingEscape())
        }
      }
      pasteStall = stall
      DispatchQueue.main.asyncAfter(deadline: .now() + pasteStallDelay, execute: stall)
    }
    if decoder.hasPendingEscape {
      let flush = DispatchWorkItem { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          self.deliver(self.decoder.flushPendingEscape())
        }
      }
      escapeFlush = flush
      DispatchQueue.main.asyncAfter(deadline: .now() + escapeDelay, execute: flush)
    }
  }

  /// Asks the terminal what graphics it draws; the answers come back as input and are taken out
  /// of it (`readInput`), so nothing waits for them and no reply reaches the key decoder.
  /// Only a kitty-capable terminal outside tmux is sent the kitty query, and its title is put
  /// back when the probe ends (`GraphicsProbe.asksKitty`).
  public func startGraphicsProbe(environment: [String: String]) {
    guard probe == nil else { return }
    probe = GraphicsProbe()
    probeRestoresTitle = GraphicsProbe.asksKitty(environment: environment)
    session.probeGraphics(GraphicsProbe.query(environment: environment))
    DispatchQueue.main.asyncAfter(deadline: .now() + GraphicsProbe.timeout.timeInterval) { [weak self] in
      MainActor.assumeIsolated {
        guard let self, var running = self.probe else { return }
        let held = running.timeOut()
        self.probe = running
        self.finishProbe()
        if !held.isEmpty { self.deliver(self.decoder.feed(held[...])) }
      }
    }
  }

  private func finishProbe() {
    guard let finished = probe else { return }
    probe = nil
    // DA1 came last, so the terminal has read the kitty query by now (or never will answer).
    if probeRestoresTitle { session.restoreTitle() }
    probeRestoresTitle = false
    session.setCellPixels(finished.cellPixels)
    onGraphicsProbed(finished)
  }

  private func deliver(_ keys: [Key]) {
    for key in keys { onKey(key) }
  }
}
