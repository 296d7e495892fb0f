import Foundation
import RosterCore
import Testing

@testable import Identity

@Suite struct DeviceCodeStateMachineTests {
  let start = ContinuousClock.now

  @Test func firstPollWaitsForTheServersInterval() {
    var machine = DeviceCodeStateMachine()
    #expect(
      machine.receive(.issued(interval: 5, expiresIn: 900, now: start))
        == .schedulePoll(after: .seconds(5), slowDown: false))
    #expect(machine.receive(.timerFired(now: start + .seconds(5))) == .sendPoll)
  }

  /// A server that asks for no interval (the demo's own sandbox, which approves at once) is polled
  /// at once; a pending answer is then polled again a second later, never in a tight loop.
  @Test func aZeroIntervalPollsAtOnceThenASecondApart() {
    var machine = DeviceCodeStateMachine()
    #expect(
      machine.receive(.issued(interval: 0, expiresIn: 900, now: start))
        == .schedulePoll(after: .zero, slowDown: false))
    #expect(machine.receive(.timerFired(now: start)) == .sendPoll)
    #expect(
      machine.receive(.pollCompleted(.pending, now: start + .milliseconds(5)))
        == .schedulePoll(after: .seconds(1), slowDown: false))
  }

  @Test func pendingSchedulesTheNextPollAtTheSameInterval() {
    var machine = DeviceCodeStateMachine()
    _ = machine.receive(.issued(interval: 5, expiresIn: 900, now: start))
    _ = machine.receive(.timerFired(now: start + .seconds(5)))
    #expect(
      machine.receive(.pollCompleted(.pending, now: start + .seconds(6)))
        == .schedulePoll(after: .seconds(5), slowDown: false))
    #expect(machine.interval == 5)
  }

  @Test func slowDownAddsFiveSecondsEachTime() {
    var machine = DeviceCodeStateMachine()
    _ = machine.receive(.issued(interval: 5, expiresIn: 900, now: start))
    _ = machine.receive(.timerFired(now: start + .seconds(5)))
    #expect(
      machine.receive(.pollCompleted(.slowDown, now: start + .seconds(5)))
        == .schedulePoll(after: .seconds(10), slowDown: true))
    _ = machine.receive(.timerFired(now: start + .seconds(15)))
    #expect(
      machine.receive(.pollCompleted(.slowDown, now: start + .seconds(15)))
        == .schedulePoll(after: .seconds(15), slowDown: true))
    #expect(machine.interval == 15)
  }

  @Test func theLocalDeadlineEndsPollingWithExpiry() {
    var machine = DeviceCodeStateMachine()
    _ = machine.receive(.issued(interval: 5, expiresIn: 12, now: start))
    _ = machine.receive(.timerFired(now: start + .seconds(5)))
    _ = machine.receive(.pollCompleted(.pending, now: start + .seconds(5)))
    _ = machine.receive(.timerFired(now: start + .seconds(10)))
    // Only two seconds are left: the next timer is armed for the deadline, not a full interval.
    #expect(
      machine.receive(.pollCompleted(.pending, now: start + .seconds(10)))
        == .schedulePoll(after: .seconds(2), slowDown: false))
    guard case .finishFailed(let failure) = machine.receive(.timerFired(now: start + .seconds(12))) else {
      Issue.record("expected expiry")
      return
    }
    #expect(failure.error == "expired_token")
    #expect(machine.isFinished)
  }

  @Test func rejectionsEndPollingWithTheirReason() {
    let declined = SignInFailure(message: "Sign-in was declined.", error: "authorization_declined")
    var machine = DeviceCodeStateMachine()
    _ = machine.receive(.issued(interval: 1, expiresIn: 60, now: start))
    _ = machine.receive(.timerFired(now: start + .seconds(1)))
    #expect(machine.receive(.pollCompleted(.rejected(declined), now: start + .seconds(1))) == .finishFailed(declined))
    #expect(machine.receive(.timerFired(now: start + .seconds(2))) == .none)
  }

  @Test func transientFailuresAreRetriedAFewTimes() {
    let failure = SignInFailure(message: "HTTP 500", error: "server_error")
    var machine = DeviceCodeStateMachine()
    _ = machine.receive(.issued(interval: 1, expiresIn: 60, now: start))
    var now = start
    for attempt in 1...DeviceCodeStateMachine.maxTransientFailures {
      now += .seconds(1)
      #expect(machine.receive(.timerFired(now: now)) == .sendPoll)
      let action = machine.receive(.pollCompleted(.transientFailure(failure), now: now))
      if attempt < DeviceCodeStateMachine.maxTransientFailures {
        #expect(action == .schedulePoll(after: .seconds(1), slowDown: false))
      } else {
        #expect(action == .finishFailed(failure))
      }
    }
  }

  @Test func cancelStopsAndLateEventsAreIgnored() {
    var machine = DeviceCodeStateMachine()
    _ = machine.receive(.issued(interval: 5, expiresIn: 900, now: start))
    #expect(machine.receive(.cancelled) == .finishCancelled)
    #expect(machine.receive(.timerFired(now: start + .seconds(5))) == .none)
    #expect(machine.receive(.pollCompleted(.tokens, now: start + .seconds(5))) == .none)
  }

  @Test func aTimerFiringWhileAPollIsInFlightIsIgnored() {
    var machine = DeviceCodeStateMachine()
    _ = machine.receive(.issued(interval: 5, expiresIn: 900, now: start))
    _ = machine.receive(.timerFired(now: start + .seconds(5)))
    #expect(machine.receive(.timerFired(now: start + .seconds(6))) == .none)
    #expect(machine.receive(.pollCompleted(.tokens, now: start + .seconds(6))) == .finishSignedIn)
  }
}
