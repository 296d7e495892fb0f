import AppRuntime
import Foundation
import Geometry
import RosterCore
import TerminalUI

/// Runs the Roster UI in the terminal: the event loop, the store and the view-controller tree.
///
/// Keys go to `RootViewController.handle(_:in:)`; a `.handled` result's actions go to
/// `Store.send`, a `.terminal` one (Ctrl-L repaints, Ctrl-Z suspends) to the event loop. Every
/// state change and every key marks the screen dirty (view-local scroll changes need a redraw
/// too), and the loop coalesces that into one frame. Drawing only reads the state: the layout is
/// computed from the terminal size by the reducer (`.app(.terminalResized)`, sent at start and on
/// every resize). `state.quitRequested` ends the process with the terminal restored.
@MainActor
public final class TerminalApp {
  public let store: Store
  public let root = RootViewController()
  private let loop: EventLoop
  /// Optional file touched whenever the store is idle (for end-to-end tests: wait, don't sleep).
  private let idleFile: String?
  /// The store became idle since the last frame: touch `idleFile` after the next one.
  private var idleAfterFrame = false

  /// `.app(.started)` has been sent: from then on the first frame is drawn once the state settles
  /// (before it, the state has not begun to read the saved session and only looks settled).
  private var hasStarted = false

  /// The environment photos are decided from (`PhotoMode.fromEnvironment`).
  private let environment: [String: String]

  public init(
    store: Store, session: TerminalSession, idleFile: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.store = store
    self.loop = EventLoop(session: session)
    self.idleFile = idleFile
    self.environment = environment
  }

  /// Installs everything and starts the app; returns at once (the main queue drives the rest).
  public func start() {
    loop.onKey = { [unowned self] key in handle(key) }
    loop.onRender = { [unowned self] surface in draw(surface) }
    loop.onResize = { [unowned self] rows, cols in
      store.send(.app(.terminalResized(TerminalSize(rows: rows, cols: cols))))
    }
    store.onChange = { [unowned self] state in
      if state.quitRequested { loop.finish(code: 0) }
      if loop.holdsFrames && hasStarted && !state.isSettlingAtStart { loop.holdsFrames = false }
      loop.setNeedsDisplay()
    }
    store.copyToClipboard = { [unowned self] text in loop.session.copyToClipboard(text) }
    root.detail.showsLinks = loop.session.writesHyperlinks
    // The idle file is touched once the idle state's frame is written: a test that waits for it
    // then reads the screen (and the cursor) the settled state drew, not the frame before.
    store.onIdle = { [unowned self] in
      guard idleFile != nil else { return }
      idleAfterFrame = true
      loop.setNeedsDisplay()
    }
    loop.onFrameWritten = { [unowned self] in
      guard idleAfterFrame, let idleFile else { return }
      idleAfterFrame = false
      FileManager.default.createFile(atPath: idleFile, contents: Data("\(Date().timeIntervalSince1970)\n".utf8))
    }
    // The first frame waits for the saved session and the index to answer (local files, a few
    // ms), so it is the screen that stays; never longer than `firstFrameHold`.
    loop.holdsFrames = true
    loop.start()
    startPhotos()
    let size = loop.session.resize()
    store.send(.app(.terminalResized(TerminalSize(rows: size.rows, cols: size.cols))))
    store.send(.app(.started))
    hasStarted = true
    if !store.state.isSettlingAtStart { loop.holdsFrames = false }
    DispatchQueue.main.asyncAfter(deadline: .now() + Self.firstFrameHold) { [weak self] in
      MainActor.assumeIsolated { self?.loop.holdsFrames = false }
    }
  }

  /// The longest the first frame waits for the start-up reads: a slow disk or an index that
  /// cannot be opened must not leave the terminal blank. The reads take a few milliseconds.
  static let firstFrameHold: DispatchTimeInterval = .milliseconds(300)

  /// Photos as the environment allows them at once (half-blocks or none), upgraded to kitty or
  /// sixel if the terminal says so when asked; a terminal where photos are off is never asked.
  private func startPhotos() {
    let base = PhotoMode.fromEnvironment(
      environment, enabled: store.state.settings.photos == .on, colors: loop.session.colors)
    store.send(.photo(.modeDetected(base)))
    guard base != .off else { return }
    loop.onGraphicsProbed = { [unowned self] probe in store.send(.photo(.modeDetected(probe.mode(base: base)))) }
    loop.startGraphicsProbe(environment: environment)
  }

  private func handle(_ key: Key) {
    switch root.handle(key, in: store.state) {
    case .terminal(.redraw):
      loop.redrawAll()
      return
    case .terminal(.suspend):
      loop.suspend()
      return
    case .handled(let actions):
      for action in actions { store.send(action) }
    case .ignored:
      break
    }
    loop.setNeedsDisplay()
  }

  private func draw(_ surface: CursesSurface) {
    var target = surface
    root.render(store.state, into: &target)
  }
}
