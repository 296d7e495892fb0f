import ArgumentParser
import Dispatch
import Foundation
import RosterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `roster signins --follow`: after the first read, polls `/auditLogs/signIns` every `every`
/// seconds with `createdDateTime gt` the newest seen less an overlap (`SignInFollower`) and prints
/// each new sign-in as it comes, one write per batch, until Ctrl-C — which ends it with exit 0
/// and a line saying so. A second Ctrl-C ends it at once (the default action).
///
/// Within the reports API's budget (`FollowInterval`): one request a poll, at most
/// `FollowInterval.pagesPerPoll`; a 429 the retries could not get past waits out Graph's
/// `Retry-After` before the next poll, and a passing network or service failure is said and
/// tried again at the next poll rather than ending the follow.
enum SignInFollowLoop {
  struct Setup {
    var health: HealthClient
    var query: SignInQuery
    var every: TimeInterval
    var format: OutputFormat
  }

  static func run(_ setup: Setup, already: [SignInLogEntry], start: Date) async throws {
    let poller = Task { try await poll(setup, already: already, start: start) }
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler {
      poller.cancel()
      signal(SIGINT, SIG_DFL)
    }
    source.resume()
    defer { source.cancel() }
    // Said once Ctrl-C is handled, so whoever reads it can stop the follow cleanly from then on.
    let kind = setup.query.failedOnly ? "failed " : ""
    DirectoryCommand.say("Following new \(kind)sign-ins every \(Int(setup.every)) s; Ctrl-C to stop.")
    do {
      try await poller.value
    } catch is CancellationError {
      // Ctrl-C: the end a follow is meant to have.
    } catch DirectoryError.cancelled where poller.isCancelled {
      // Ctrl-C while a request was under way.
    }
    // Stopped by Ctrl-C: the terminal echoed "^C" mid-line, so the sentence starts a line of its own.
    let breakLine = isatty(STDERR_FILENO) == 1 ? "\n" : ""
    Console.error(breakLine + "roster: Stopped following sign-ins.")
  }

  /// Polls until cancelled; returns only by throwing (cancellation, a refusal as `ExitCode(5)`).
  private static func poll(_ setup: Setup, already: [SignInLogEntry], start: Date) async throws {
    var follower = SignInFollower(start: start, already: already)
    let clock = ContinuousClock()
    let every = Duration.seconds(setup.every)
    // Polls start `every` apart, not `every` after the last answer: a slow answer (a large page,
    // a loaded Graph) must not stretch the cycle, or a failure waits longer than one interval.
    var next = clock.now + every
    let limit = FollowInterval.pagesPerPoll * HealthClient.signInPageSize
    while true {
      try await Task.sleep(until: next, clock: clock)
      next = max(next + every, clock.now)
      var query = setup.query
      query.since = nil
      query.after = follower.after
      query.limit = limit
      do {
        let read = try await setup.health.signIns(query, DirectoryCommand.reportRetry)
        if read.count >= limit {
          DirectoryCommand.say(
            "More than \(limit) sign-ins since the last look; some in between may be missing. "
              + "Narrow it with --failed or a person, or poll more often with --every.")
        }
        let fresh = follower.admit(read)
        let now = Date()
        if !fresh.isEmpty {
          try DirectoryCommand.write(
            try fresh.map { try TenantSignInOutput.followed($0, as: setup.format, now: now) }.joined())
        }
      } catch let error as DirectoryError {
        if Task.isCancelled { throw CancellationError() }
        switch error {
        case .permissionDenied(let text):
          DirectoryCommand.say(text)
          throw ExitCode(5)
        case .signInRequired, .personalAccount:
          throw error
        case .throttled(let retryAfter):
          let wait = max(every, retryAfter + .seconds(1))
          next = max(next, clock.now + wait)
          DirectoryCommand.say(
            "Microsoft Graph is throttling requests; looking again in \(wait.components.seconds) s.")
        default:
          let wait = clock.now.duration(to: next).components.seconds
          DirectoryCommand.say(DirectoryCommand.describe(error) + " Looking again in \(max(wait, 0)) s.")
        }
      }
    }
  }
}
