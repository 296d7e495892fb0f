import Foundation
import RosterCore

/// A `DirectoryClient` that records every call and lets the test answer each one later, in any
/// order, or see that it was cancelled.
public final class FakeDirectoryClient: @unchecked Sendable {
  /// What was asked.
  public enum Request: Equatable, Sendable {
    case search(String)
    case nextPage(String)
    case detail(String)
    case presence([String])
    case photo(PhotoRequest)
  }

  public typealias Call = FakeCall<Request, Result<any Sendable, DirectoryError>>

  private let lock = NSLock()
  private var calls: [Call] = []
  private var consumed = 0
  private var warmUpCount = 0
  private let activity: TestActivity

  public init(activity: TestActivity) {
    self.activity = activity
  }

  /// The client to hand to the runtime.
  public var client: DirectoryClient {
    DirectoryClient(
      searchPeople: { query, onRetry in
        try await self.perform(.search(query.text), onRetry: onRetry, as: PeoplePage.self)
      },
      nextPage: { cursor, onRetry in
        try await self.perform(.nextPage(cursor.nextLink), onRetry: onRetry, as: PeoplePage.self)
      },
      personDetail: { id, onRetry in
        try await self.perform(.detail(id), onRetry: onRetry, as: PersonDetail.self)
      },
      presences: { ids in
        try await self.perform(.presence(ids), onRetry: { _ in }, as: [String: Presence].self)
      },
      warmUp: { self.lock.withLock { self.warmUpCount += 1 } },
      personPhoto: { request in
        try await self.perform(.photo(request), onRetry: { _ in }, as: PhotoImage?.self)
      }
    )
  }

  /// How many times the runtime warmed the client up (answered at once, not a `Call`).
  public var warmUps: Int { lock.withLock { warmUpCount } }

  /// Every call so far, oldest first.
  public var allCalls: [Call] { lock.withLock { calls } }

  /// Calls not yet taken by the test, marking them taken.
  public func takeCalls() -> [Call] {
    lock.withLock {
      let new = Array(calls[consumed...])
      consumed = calls.count
      return new
    }
  }

  /// The requests of the calls not yet taken, marking them taken.
  public func takeRequests() -> [Request] { takeCalls().map(\.request) }

  /// Calls the test has not taken yet (an exhaustive test fails on these).
  public var untakenCalls: [Call] { lock.withLock { Array(calls[consumed...]) } }

  /// Calls whose callers still wait.
  public var parkedCount: Int { lock.withLock { calls.filter(\.isPending).count } }

  private func perform<Value: Sendable>(
    _ request: Request, onRetry: @escaping @Sendable (RetryNotice) -> Void, as: Value.Type
  ) async throws -> Value {
    let call = Call(request: request, cancelledResponse: .failure(.cancelled), activity: activity, onRetry: onRetry)
    lock.withLock { calls.append(call) }
    activity.poke()
    let response = await call.wait()
    switch response {
    case .success(let value):
      guard let typed = value as? Value else {
        fatalError("FakeDirectoryClient: \(request) answered with \(type(of: value)), expected \(Value.self)")
      }
      return typed
    case .failure(let error):
      throw error
    }
  }
}

extension FakeCall where Response == Result<any Sendable, DirectoryError> {
  /// Answers a search or page call with `page`.
  public func respond(_ page: PeoplePage) { respond(.success(page)) }
  /// Answers a detail call with `detail`.
  public func respond(_ detail: PersonDetail) { respond(.success(detail)) }
  /// Answers a presence call.
  public func respond(_ presences: [String: Presence]) { respond(.success(presences)) }
  /// Answers a photo call with `image` (nil: the person has none).
  public func respond(photo image: PhotoImage?) { respond(.success(image)) }
  /// Fails the call with `error`.
  public func fail(_ error: DirectoryError) { respond(.failure(error)) }
}
