import Foundation
import RosterCore

/// Hands out numbered tokens and records every `forceRefresh` it was asked for.
final class FakeTokens: AccessTokenProvider, @unchecked Sendable {
  private let lock = NSLock()
  private var calls: [Bool] = []
  private var issued = 1
  private let failure: (any Error)?

  init(failing failure: (any Error)? = nil) { self.failure = failure }

  /// The `forceRefresh` argument of each call, in order.
  var refreshRequests: [Bool] { lock.withLock { calls } }

  func accessToken(forceRefresh: Bool) async throws -> Secret {
    try lock.withLock {
      calls.append(forceRefresh)
      if let failure { throw failure }
      if forceRefresh { issued += 1 }
      return Secret("token-\(issued)")
    }
  }
}

/// Records the waits it was asked to sleep, and returns at once (or throws, to act cancelled).
final class RecordingSleep: @unchecked Sendable {
  private let lock = NSLock()
  private var waits: [Duration] = []
  private let cancelAfter: Int?

  init(cancelAfter: Int? = nil) { self.cancelAfter = cancelAfter }

  var recorded: [Duration] { lock.withLock { waits } }

  var function: @Sendable (Duration) async throws -> Void {
    { [self] wait in
      let count = lock.withLock {
        waits.append(wait)
        return waits.count
      }
      if let cancelAfter, count >= cancelAfter { throw CancellationError() }
    }
  }
}

/// Collects retry notices from `onRetry`.
final class NoticeLog: @unchecked Sendable {
  private let lock = NSLock()
  private var notices: [RetryNotice] = []
  var all: [RetryNotice] { lock.withLock { notices } }
  var callback: @Sendable (RetryNotice) -> Void { { [self] notice in lock.withLock { notices.append(notice) } } }
}
