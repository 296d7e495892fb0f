import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore

/// What the room commands share: the room client over Graph with the cached sign-in (or the demo
/// tenant's), or over the local index with `--offline`; finding one room by a key; and errors on
/// stderr with the exit codes of `search`.
enum RoomCommandRunner {
  /// A tenant that answered with no rooms at all: Graph's places list is empty until its Places
  /// settings exist (PROTOCOL.md, "Places (rooms)"), which is not the same as no match.
  static let noRooms = "Microsoft Graph lists no rooms in this tenant (are its Places settings set up?)."

  static func run(
    common: CommonOptions, demo: DemoOptions, offline: Bool, _ body: (RoomClient) async throws -> Void
  ) async throws {
    var client: RoomClient
    var fromIndex: String?
    if offline {
      let (index, status) = try await IndexContext.openOffline(common, demo: demo)
      client = .index { index }
      fromIndex = IndexContext.fromIndex(status.roomsRefreshed, "rooms refreshed")
    } else {
      client = try await liveClient(common.makeRuntime(demo: demo))
    }
    do {
      try await body(client)
      if let fromIndex { DirectoryCommand.say(fromIndex) }
    } catch let error as DirectoryError {
      say(error)
      throw ExitCode(DirectoryCommand.exitCode(for: error))
    }
  }

  /// Exit 3 without a signed-in account, as every Graph command.
  static func liveClient(_ runtime: CommandRuntime) async throws -> RoomClient {
    let configuration = try await runtime.signedInGraph().configuration
    return .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)
  }

  /// The room `key` names: an id or mailbox first (they are unique), else the one room with that
  /// whole display name. Two rooms of the same name are not guessed between: the first few are
  /// named by mailbox so the person can say which. Either failure is exit 1, as "no such group".
  static func find(_ key: String, in rooms: [Room]) throws(CommandStop) -> Room {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    let folded = trimmed.lowercased()
    let unique = rooms.first { $0.id.lowercased() == folded || $0.emailAddress?.string.lowercased() == folded }
    if let unique { return unique }
    // Names are compared as shown: a name pasted with its escapes still finds its room.
    let named = rooms.filter { $0.isNamed(by: CleanText(trimmed).string) }
    if named.count == 1 { return named[0] }
    let line: String
    if named.isEmpty {
      line = rooms.isEmpty ? noRooms : "No such room in the tenant."
    } else {
      let keys = named.prefix(5).map { ($0.emailAddress?.nonEmpty ?? CleanText($0.id)).string }
      line =
        "\(named.count) rooms are named \"\(CleanText(trimmed).string)\"; give one's mailbox or id: "
        + keys.joined(separator: ", ") + (named.count > keys.count ? ", …" : "") + "."
    }
    throw CommandStop(exitCode: 1, message: "roster: " + line, summary: line)
  }

  /// A missing permission is the explanation naming Place.Read.All (`RoomClient.live` maps
  /// Graph's 403 to it); everything else is said as for people.
  static func say(_ error: DirectoryError) { DirectoryCommand.say(DirectoryCommand.describe(error)) }
}
