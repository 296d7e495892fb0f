import Foundation
import RosterCore

extension Store {
  /// The app's store: effects run on one serial "roster.worker" queue whose timers are Dispatch
  /// timers on the same queue; results come back on the main queue.
  ///
  /// - Parameters:
  ///   - services: `AuthClient.live` (Identity) and `DirectoryClient.live` (Graph).
  ///   - saveSettings: writes the settings file and returns clients built for the new settings.
  public static func live(
    initialState: AppState, services: Services,
    saveSettings: @escaping @Sendable (Settings) async throws -> Services,
    accounts: AccountsClient = .unavailable
  ) -> Store {
    let worker = DispatchQueue(label: "roster.worker")
    let environment = RuntimeEnvironment(
      services: services, scheduler: DispatchScheduler(queue: worker), saveSettings: saveSettings,
      accounts: accounts)
    let runtime = EffectRuntime(environment: environment, worker: worker)
    return Store(
      initialState: initialState, runtime: runtime, instantSearch: runtime.instantSearch, clock: { Date() },
      delivery: DispatchQueue.main)
  }
}
