import ArgumentParser
import Foundation
import Graph
import Identity
import RosterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `search` and `show` share: building the directory client from the cached sign-in,
/// reporting retries and failures on stderr, and exit codes per DESIGN.md §6.
enum DirectoryCommand {
  static func run(
    common: CommonOptions, demo: DemoOptions, _ body: (DirectoryClient) async throws -> Void
  ) async throws {
    try await runSignedIn(common: common, demo: demo) { client, _ in try await body(client) }
  }

  /// `run`, with the signed-in account and the runtime's other clients' makings at hand (what
  /// `roster show` reads presence and schedules with).
  static func runSignedIn(
    common: CommonOptions, demo: DemoOptions, _ body: (DirectoryClient, SignedInGraph) async throws -> Void
  ) async throws {
    let runtime = try await common.makeRuntime(demo: demo)
    let (account, configuration) = try await runtime.signedInGraph()
    let client = DirectoryClient.live(
      configuration: configuration, tokens: runtime.session, transport: runtime.transport)
    do {
      try await body(client, SignedInGraph(account: account, configuration: configuration, runtime: runtime))
    } catch let error as DirectoryError {
      say(describe(error))
      throw ExitCode(exitCode(for: error))
    }
  }

  /// The live client over the shared transport, with the cached sign-in's tokens; exit 3 when no
  /// account is signed in (nothing is asked interactively: scripts must not hang).
  static func makeClient(_ runtime: CommandRuntime) async throws -> DirectoryClient {
    let configuration = try await runtime.signedInGraph().configuration
    return .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)
  }

  /// 3 when signing in again is the fix, 1 when nothing was found, 4 for service and network.
  static func exitCode(for error: DirectoryError) -> Int32 {
    switch error {
    case .signInRequired: return 3
    case .notFound, .cancelled: return 1
    // The question as asked cannot be answered (a filter Graph cannot say): fix the question.
    case .unsupportedQuery: return 2
    case .offline, .throttled, .permissionDenied, .personalAccount, .service, .malformedResponse: return 4
    }
  }

  static func describe(_ error: DirectoryError) -> String { line(for: error).string }

  /// The payloads quote server text: the line is cleaned as it is made (`CleanText`).
  private static func line(for error: DirectoryError) -> CleanText {
    switch error {
    case .signInRequired(let failure):
      return "Not signed in: \(failure.message) Run `roster login`."
    case .notFound: return "No such person in the directory."
    case .cancelled: return "Cancelled."
    case .personalAccount:
      return "Personal Microsoft accounts have no organisation directory; sign in with a work or school account."
    case .throttled(let wait):
      return "Microsoft Graph is throttling requests; try again in \(seconds(wait)) s."
    case .offline(let text), .permissionDenied(let text), .malformedResponse(let text), .unsupportedQuery(let text):
      return CleanText(text)
    case .service(let status, let code, let message):
      let codeText = code.map { " (\($0))" } ?? ""
      return "Microsoft Graph answered \(status)\(codeText): \(message)"
    }
  }

  /// Tells the person why nothing happens for a while.
  @Sendable static func reportRetry(_ notice: RetryNotice) {
    let why =
      switch notice.reason {
      case .throttled: "Microsoft Graph is throttling requests"
      case .serviceUnavailable: "Microsoft Graph is unavailable"
      case .transientFailure: "The request failed"
      case .signInUnavailable: "The sign-in service is having trouble (you are still signed in)"
      }
    say("\(why); retrying in \(seconds(notice.wait)) s (attempt \(notice.attempt)).")
  }

  static func seconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
  }

  /// A message on stderr, prefixed so it is recognisable in a script's output.
  static func say(_ message: String) {
    Console.error("roster: " + message)
  }

  /// Ends a command with exit 5 and one sentence when the sign-in's scopes lack what `part`
  /// needs: "`what` are not asked: the sign-in lacks …", then how to get it. Graph is not asked.
  static func requireScopes(
    _ requirement: HealthRequirement, for what: String, granted scopes: [String]
  ) throws {
    let lacking = requirement.missing(from: scopes)
    guard !lacking.isEmpty else { return }
    say(
      "\(what) not asked: the sign-in lacks \(lacking.joined(separator: ", ")). Add \(lacking.count == 1 ? "it" : "them") "
        + "to scopes (settings or ROSTER_SCOPES), have an administrator consent, then roster login.")
    throw ExitCode(5)
  }

  static func write(_ text: String) throws {
    StandardOutput.write(text)
  }
}

/// The terminal stdout is attached to, if any.
enum Terminal {
  /// Columns of the terminal on stdout; nil when stdout is a pipe or a file.
  static func stdoutColumns() -> Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
  }
}
