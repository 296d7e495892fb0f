import ArgumentParser
import Graph
import Index
import RosterCore
import Transport

/// A `SearchedKind`'s wiring in the executable (devices, apps): its live Graph client, its round
/// in the index's sync and its command. Each kind writes one in its own folder
/// (`roster/<Kind>/`); the composition root, the root command and the demo iterate `all`.
protocol KindModule {
  static var kind: ObjectKind { get }
  /// Its reads from Graph, for the app.
  static func client(_ graph: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport)
    -> KindClient
  /// Its round in a sync of the local index.
  static func syncRound(_ graph: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport)
    -> any KindSyncRound
  /// `roster <kind> …`; nil for a kind whose command another module contributes (enterprise apps
  /// are answered by `roster apps`, beside app registrations).
  static var command: (any ParsableCommand.Type)? { get }
}

/// The registered kinds: the one line a new kind adds here.
enum KindModules {
  static let all: [any KindModule.Type] = [
    DevicesModule.self, AppsModule<RegistrationFlavor>.self, AppsModule<EnterpriseFlavor>.self,
  ]

  /// Every kind's Graph client, by kind.
  static func clients(_ graph: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport)
    -> [ObjectKind: KindClient]
  {
    Dictionary(uniqueKeysWithValues: all.map { ($0.kind, $0.client(graph, tokens: tokens, transport: transport)) })
  }

  /// Every kind's round in the index's sync.
  static func syncRounds(_ graph: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport)
    -> [any KindSyncRound]
  {
    all.map { $0.syncRound(graph, tokens: tokens, transport: transport) }
  }

  /// Every kind's command, for the root command's list.
  static var commands: [any ParsableCommand.Type] { all.compactMap { $0.command } }
}
