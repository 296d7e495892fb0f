import ArgumentParser
import Graph
import Index
import RosterCore
import Transport

/// An app kind's wiring in the executable, one per flavour: Graph's `/applications` or
/// `/servicePrincipals` for the app's list and pane, its delta round in the index's sync, and
/// `roster apps` — one command answering for both kinds, so only the app registrations' module
/// contributes it.
enum AppsModule<Flavor: AppFlavor>: KindModule {
  static var kind: ObjectKind { Flavor.kind }

  static func client(_ graph: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport)
    -> KindClient
  {
    .apps(Flavor.self, configuration: graph, tokens: tokens, transport: transport)
  }

  static func syncRound(_ graph: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport)
    -> any KindSyncRound
  {
    AppIndex<Flavor>.syncRound(feed: .apps(Flavor.self, configuration: graph, tokens: tokens, transport: transport))
  }

  static var command: (any ParsableCommand.Type)? { Flavor.self == RegistrationFlavor.self ? AppsCommand.self : nil }
}
