import Graph
import RosterCore

extension CommandRuntime {
  /// The cached sign-in and Graph's configuration for its tenant: what every Graph command starts
  /// from. Exit 3 without a signed-in account (nothing is asked interactively: scripts must not
  /// hang); exit 1 when the settings cannot make a Graph configuration.
  func signedInGraph() async throws -> (account: Account, configuration: GraphConfiguration) {
    guard let account = await session.restoreSession() else { throw CommandStop.notSignedIn }
    do {
      return (account, try GraphConfiguration(settings: settings, tenantId: account.tenantId.string))
    } catch {
      throw CommandStop(exitCode: 1, message: "roster: \(error.description)", summary: error.description)
    }
  }
}

/// The signed-in account, Graph's configuration for it and the runtime: what a command makes any
/// further Graph client from.
struct SignedInGraph {
  var account: Account
  var configuration: GraphConfiguration
  var runtime: CommandRuntime

  var schedules: ScheduleClient {
    .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)
  }
}
