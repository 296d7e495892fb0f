import Foundation
import Identity
import RosterCore
import Sandbox
import Transport

/// `--demo` for the commands (`roster search --demo zoe`, `roster --demo index sync`, `roster
/// tasks --demo`): the embedded sandbox tenant with the demo organisation, as `roster --demo`
/// shows it, signed in by itself through the real device-code (or, for the task list, B2C
/// browser) flow, tokens in memory. Nothing is left on disk: an index the command writes goes
/// to a throw-away cache directory removed when the process exits.
enum DemoRuntime {
  /// The demo runtime of this process, started once: a command that asks twice (`roster search
  /// --demo --close` reads Graph, then the index) gets the same tenant, sign-in and throw-away
  /// directory, so the index it builds holds the people Graph just answered with.
  static func start(b2c: Bool, environment: [String: String]) async throws -> CommandRuntime {
    try await started.runtime(b2c: b2c) { try await make(b2c: b2c, environment: environment) }
  }

  private static let started = Started()

  /// What the commands' demo signs in with: every permission a command reads with, so `roster
  /// groups --demo`, `roster rooms --demo` (`Place.Read.All`) and `roster free --demo`
  /// (`Calendars.ReadBasic`) show their answers, not a refusal; the full-screen demo's pane shows
  /// local time, working hours and today from the same grant, and its searches put the demo
  /// user's own people first (`People.Read`). The ops features too: every permission an account-health
  /// part names (`HealthPart`: AuditLog.Read.All, Directory.Read.All, LicenseAssignment.Read.All),
  /// so `roster --demo signins NAME --failed`, `show --health` and the pane's `h` answer as they
  /// would for an operator (the demo user holds the sandbox's reports role, the tenant has P1).
  /// `roster --demo roles` reads role assignments and PIM eligibility (the demo user holds Global Reader).
  static let scopes = withOps(
    ([Settings.defaultScopes] + ObjectKind.allCases.compactMap(\.readPermission)
      + ["RoleManagement.Read.Directory", "RoleEligibilitySchedule.Read.Directory"]
      + ["Presence.Read.All", ScheduleClient.permission, WorksWithClient.permission]
      + writePermissions).joined(separator: " "))

  /// The fixes' permissions (issue 45), so `roster --demo revoke …` shows the fix on the throw-away
  /// tenant, whose operator holds User, Authentication and Groups Administrator: never in the
  /// default scopes of a real sign-in (docs/decisions/writes.md).
  static let writePermissions = WriteKind.allCases.flatMap { [$0.permission] + $0.companions }
    .reduce(into: [String]()) { list, scope in if !list.contains(scope) { list.append(scope) } }

  /// `base` and, after it, each permission a health part needs that `base` lacks, once.
  static func withOps(_ base: String) -> String {
    var seen = Set(base.split(separator: " ").map(String.init))
    let ops = HealthPart.allCases.flatMap(\.requirement.permissions).filter { seen.insert($0).inserted }
    return ([base] + ops).joined(separator: " ")
  }

  /// One start per kind (directory or B2C) per process; a failed start is tried again.
  private actor Started {
    private var tasks: [Bool: Task<CommandRuntime, any Error>] = [:]

    func runtime(b2c: Bool, _ make: @escaping @Sendable () async throws -> CommandRuntime) async throws
      -> CommandRuntime
    {
      let task = tasks[b2c] ?? Task { try await make() }
      tasks[b2c] = task
      do {
        return try await task.value
      } catch {
        tasks[b2c] = nil
        throw error
      }
    }
  }

  private static func make(b2c: Bool, environment: [String: String]) async throws -> CommandRuntime {
    let configuration = SandboxConfiguration.demo(environment: environment)
    let sandbox: RunningSandbox
    do {
      sandbox = try await SandboxServer.start(configuration)
    } catch {
      throw unavailable("the demo sandbox tenant could not start: \(error)")
    }
    await DemoSandbox.keep(sandbox)
    var settings = Settings(
      clientId: sandbox.clientId, authority: (b2c ? sandbox.b2cAuthority : sandbox.authority).absoluteString,
      graphEndpoint: sandbox.graphURL.absoluteString)
    if b2c {
      settings.scopes = (["openid", "offline_access"] + sandbox.taskScopes).joined(separator: " ")
      settings.signIn = .browser
      settings.taskAPI = sandbox.baseURL.absoluteString
    } else {
      settings.scopes = scopes
      settings.signIn = .deviceCode
    }
    let transport: LiveHTTPTransport
    let session: IdentitySession
    let store = MemoryTokenStore()
    do {
      transport = try LiveHTTPTransport(configuration: .fromEnvironment(environment, caFile: nil))
      session = IdentitySession(
        configuration: try IdentityConfiguration(settings: settings), transport: transport, store: store)
    } catch {
      throw unavailable("the demo could not be set up: \(error)")
    }
    try await signIn(session, method: b2c ? .browser : .deviceCode, browser: StandInBrowser(transport: transport))
    return CommandRuntime(
      settings: settings, transport: transport, store: store, session: session,
      environment: try throwAwayCache(environment))
  }

  /// The sign-in flow run to its end with no one at the keyboard: the sandbox approves the
  /// device code on its first poll, and its B2C policy page approves itself when visited.
  private static func signIn(_ session: IdentitySession, method: SignInMethod, browser: StandInBrowser) async throws {
    let (events, continuation) = AsyncStream<SignInEvent>.makeStream()
    let handle = session.signIn(method: method) { continuation.yield($0) }
    defer { handle.cancel() }
    for await event in events {
      switch event {
      case .browserOpened(let url, _):
        Task { await browser.visit(url.string) }
      case .signedIn:
        return
      case .failed(let failure):
        throw unavailable("the demo sign-in failed: \(failure.displayLine)")
      default:
        continue
      }
    }
  }

  /// `environment` with `XDG_CACHE_HOME` pointing at the demo's own directory (`DemoData`, as
  /// the full-screen demo's index uses): removed when the process exits, or `ROSTER_DEMO_DATA`.
  /// So `roster --demo index sync` leaves no index behind.
  private static func throwAwayCache(_ environment: [String: String]) throws -> [String: String] {
    let directory: URL
    do {
      directory = try DemoData.directory(environment: environment)
    } catch {
      throw unavailable("the demo could not make its throw-away directory: \(error)")
    }
    var changed = environment
    changed["XDG_CACHE_HOME"] = directory.path
    return changed
  }

  private static func unavailable(_ reason: String) -> CommandStop {
    let line = CleanText(reason, maxCharacters: 2000).string
    return CommandStop(exitCode: 1, message: "roster: " + line, summary: line)
  }
}
