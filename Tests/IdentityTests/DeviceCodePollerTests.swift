import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Identity

/// The poller drives the machine with an injected scheduler: polls go out only when the clock
/// reaches them, and `slow_down` stretches the wait, with no real waiting.
@Suite struct DeviceCodePollerTests {
  @Test func pollsAtTheIntervalSlowsDownAndSignsIn() async throws {
    let answers = LockedValue<[HTTPResponse]>([
      IdentityFixtures.oauthError("authorization_pending", code: 70016),
      IdentityFixtures.oauthError("slow_down"),
      IdentityFixtures.tokens(access: "at-1", refresh: "rt-1"),
    ])
    let transport = FakeTransport { _ in answers.withLock { $0.removeFirst() } }
    let scheduler = TestScheduler()
    // Each armed timer is announced here, so the test waits for the poller, never for a clock.
    let (waits, announce) = AsyncStream<Bool>.makeStream()
    var nextWait = waits.makeAsyncIterator()
    let result = OneShot<Result<TokenResponse, SignInFailure>?>()
    let poller = DeviceCodePoller(
      client: TokenEndpointClient(transport: transport, clientId: "client"),
      tokenEndpoint: URL(string: "\(IdentityFixtures.base)/oauth2/v2.0/token")!,
      authorization: DeviceAuthorization(
        deviceCode: Secret("dc"), userCode: "ABCD", verificationURI: "https://x/device", message: nil,
        expiresIn: 900, interval: 5),
      scheduler: scheduler, onWaiting: { announce.yield($0) }, onFinish: { result.fulfil($0) })
    poller.start(interval: 5, expiresIn: 900)
    #expect(await nextWait.next() == false)
    #expect(scheduler.pendingDelays == [.seconds(5)])
    scheduler.advance(by: .seconds(4))
    #expect(transport.requests.isEmpty)
    scheduler.advance(by: .seconds(1))
    #expect(await nextWait.next() == false)  // authorization_pending
    #expect(transport.requests.count == 1)
    #expect(FakeTransport.form(transport.requests[0])["grant_type"] == "urn:ietf:params:oauth:grant-type:device_code")
    #expect(scheduler.pendingDelays == [.seconds(5)])
    scheduler.advance(by: .seconds(5))
    #expect(await nextWait.next() == true)  // slow_down
    #expect(transport.requests.count == 2)
    #expect(scheduler.pendingDelays == [.seconds(10)])
    scheduler.advance(by: .seconds(9))
    #expect(transport.requests.count == 2)
    scheduler.advance(by: .seconds(1))
    let outcome = await result.value()
    #expect(transport.requests.count == 3)
    guard case .success(let tokens)? = outcome else {
      Issue.record("expected tokens, got \(String(describing: outcome))")
      return
    }
    #expect(tokens.refreshToken == Secret("rt-1"))
  }

  @Test func declinedEndsWithAReasonAndCancelStopsPolling() async throws {
    let transport = FakeTransport { _ in IdentityFixtures.oauthError("authorization_declined") }
    let scheduler = TestScheduler()
    let result = OneShot<Result<TokenResponse, SignInFailure>?>()
    let poller = Self.poller(transport, scheduler) { result.fulfil($0) }
    poller.start(interval: 1, expiresIn: 60)
    scheduler.advance(by: .seconds(1))
    guard case .failure(let failure)? = await result.value() else {
      Issue.record("expected a failure")
      return
    }
    #expect(failure.error == "authorization_declined")
    #expect(failure.message.string.contains("declined"))

    let cancelled = OneShot<Result<TokenResponse, SignInFailure>?>()
    let second = Self.poller(transport, scheduler) { cancelled.fulfil($0) }
    second.start(interval: 1, expiresIn: 60)
    second.cancel()
    let before = transport.requests.count
    scheduler.advance(by: .seconds(5))
    #expect(await cancelled.value() == nil)
    #expect(transport.requests.count == before)
  }

  /// A poller for a one-minute code polled every second.
  static func poller(
    _ transport: FakeTransport, _ scheduler: TestScheduler,
    onFinish: @escaping @Sendable (Result<TokenResponse, SignInFailure>?) -> Void
  ) -> DeviceCodePoller {
    DeviceCodePoller(
      client: TokenEndpointClient(transport: transport, clientId: "client"),
      tokenEndpoint: URL(string: "\(IdentityFixtures.base)/oauth2/v2.0/token")!,
      authorization: DeviceAuthorization(
        deviceCode: Secret("dc"), userCode: "ABCD", verificationURI: "https://x", message: nil, expiresIn: 60,
        interval: 1),
      scheduler: scheduler, onWaiting: { _ in }, onFinish: onFinish)
  }
}
