import Foundation

/// The clients the runtime talks to; replaced as a whole when setup saves new settings.
public struct Services: Sendable {
  /// Sign-in and tokens (`AuthClient.live` from Identity).
  public var auth: AuthClient
  /// People search and detail (`DirectoryClient.live` from Graph).
  public var directory: DirectoryClient
  /// The local directory index (`Index` target), `.disabled` when the setting is off.
  public var index: LocalIndexClient
  /// The B2C task API (`TaskClient.live` from Tasks); unavailable without `taskAPI`.
  public var tasks: TaskClient

  public init(
    auth: AuthClient, directory: DirectoryClient, index: LocalIndexClient = .disabled,
    tasks: TaskClient = .unavailable("No task API is configured (taskAPI setting).")
  ) {
    self.auth = auth
    self.directory = directory
    self.index = index
    self.tasks = tasks
  }
}

/// Everything the `EffectRuntime` needs from the outside world.
public struct RuntimeEnvironment: Sendable {
  /// The clients in force.
  public var services: Services
  /// Timers (debounce, ticks).
  public var scheduler: any Scheduler
  /// Writes the settings file and builds clients for the new settings (composition root's job).
  public var saveSettings: @Sendable (Settings) async throws -> Services
  /// Counts the runtime's Tasks; tests use it to know when everything has settled.
  public var tasks: TaskTracker
  /// Where the detail pane's `v` writes vCard files (the working directory in the app).
  public var exportDirectory: URL

  public init(
    services: Services, scheduler: any Scheduler,
    saveSettings: @escaping @Sendable (Settings) async throws -> Services,
    tasks: TaskTracker = TaskTracker(),
    exportDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) {
    self.services = services
    self.scheduler = scheduler
    self.saveSettings = saveSettings
    self.tasks = tasks
    self.exportDirectory = exportDirectory
  }
}

/// A thread-safe count of running Tasks, with a hook called after each change.
public final class TaskTracker: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var observer: (@Sendable () -> Void)?

  public init() {}

  /// Tasks started and not yet ended.
  public var running: Int { lock.withLock { count } }

  /// Calls `observer` (from any thread) after every start and end.
  public func observe(_ observer: @escaping @Sendable () -> Void) {
    lock.withLock { self.observer = observer }
  }

  func started() { change(by: 1) }
  func ended() { change(by: -1) }

  private func change(by delta: Int) {
    let observer = lock.withLock { () -> (@Sendable () -> Void)? in
      count += delta
      return self.observer
    }
    observer?()
  }
}
