import Foundation
import RosterCore

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
  /// The signed-in accounts and switching between them (issue 21).
  public var accounts: AccountsClient

  public init(
    services: Services, scheduler: any Scheduler,
    saveSettings: @escaping @Sendable (Settings) async throws -> Services,
    tasks: TaskTracker = TaskTracker(),
    exportDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    accounts: AccountsClient = .unavailable
  ) {
    self.accounts = accounts
    self.services = services
    self.scheduler = scheduler
    self.saveSettings = saveSettings
    self.tasks = tasks
    self.exportDirectory = exportDirectory
  }
}
