import RosterCore

/// Rooms (issue 29): the tenant's whole list, from Graph (`RoomClient.live`) or the local index
/// (`LocalIndexClient.rooms`), filed under `.rooms` so a newer read cancels the one in flight.
struct RoomEffects: EffectInterpreter {
  let rooms: RoomClient
  let index: LocalIndexClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    guard case .loadRooms(let requestID, let source) = effect else { return }
    let client = source == .index ? index.rooms : rooms
    jobs.startCall(.rooms, feedback) { _ in
      .search(
        .answered(id: requestID, .rooms(await EffectResults.directory { try await client.allRooms { _ in } })))
    }
  }
}
