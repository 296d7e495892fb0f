import Foundation

/// Keeps the photo in step with the detail pane: when the pane comes to rest on a person
/// (`DerivedEvent.paneRested`), their photo is fetched (memory first; the client's disk cache next;
/// Graph last); while the selection moves there is none. A photo never holds up the pane's text:
/// it is its own request, cancelled when the person changes.
enum PhotoReducer {
  static func reduce(_ state: inout AppState, _ action: PhotoAction) -> [Effect] {
    switch action {
    case .modeDetected(let mode):
      guard mode != state.photo.mode else { return [] }
      state.photo.mode = mode
      state.photo.personID = nil  // refetched at the new mode's size
      state.photo.status = .none
      return [.cancel(id: .photo)] + paneRested(&state)
    case .loaded(let id, let result):
      guard id == state.photo.requestID, let personID = state.photo.personID else { return [] }
      let key = cacheKey(personID, state.photo.side)
      switch result {
      case .success(let image):
        state.photo.recent.insert(image, for: key, now: state.now)
        state.photo.status = image.map(PhotoStatus.loaded) ?? .absent
      case .failure(.cancelled):
        break
      case .failure(let error):
        state.photo.status = .unavailable(error.plainMessage.string)
      }
      return []
    }
  }

  /// The photo effects `state` calls for now: run when the pane comes to rest on someone else
  /// (`DerivedEvent.paneRested`) and when the mode changes.
  static func paneRested(_ state: inout AppState) -> [Effect] {
    let target = state.photo.mode == .off ? nil : restingPerson(state)
    let side = state.photo.mode.requestSide
    guard target != state.photo.personID || (target != nil && side != state.photo.side) else { return [] }
    state.photo.requestID += 1
    state.photo.personID = target
    state.photo.side = side
    guard let target else {
      state.photo.status = .none
      return [.cancel(id: .photo)]
    }
    if let known = state.photo.recent.value(for: cacheKey(target, side), now: state.now) {
      state.photo.status = known.map(PhotoStatus.loaded) ?? .absent
      return [.cancel(id: .photo)]
    }
    state.photo.status = .loading
    let request = PhotoRequest(tenant: state.account?.tenantId.string ?? "", personID: target, side: side)
    return [.loadPhoto(request, requestID: state.photo.requestID)]
  }

  /// The person the detail pane rests on, nil while the selection moves.
  private static func restingPerson(_ state: AppState) -> String? {
    guard state.screen == .main, !state.detail.selectionMoving, let key = state.detail.pane.restingKey,
      state.detail.pane.personPane != nil
    else { return nil }
    return key.id
  }

  private static func cacheKey(_ personID: String, _ side: Int) -> String { "\(personID)|\(side)" }
}
