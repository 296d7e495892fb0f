import ArgumentParser
import Graph
import Index
import RosterCore
import Transport

/// Devices' wiring in the executable: Graph's `/devices` for the app's list and pane, the
/// `/devices/delta` round in the index's sync, and `roster devices`.
enum DevicesModule: KindModule {
  static let kind = ObjectKind.device

  static func client(_ graph: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport)
    -> KindClient
  {
    .devices(configuration: graph, tokens: tokens, transport: transport)
  }

  static func syncRound(_ graph: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport)
    -> any KindSyncRound
  {
    DeviceSyncRound(feed: .devices(configuration: graph, tokens: tokens, transport: transport))
  }

  static var command: (any ParsableCommand.Type)? { DevicesCommand.self }
}
