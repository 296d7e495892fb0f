import AppRuntime
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

/// One fix from the command line, in the order issue 45 asks: name the person exactly, refuse a
/// display name, show the request (`--dry-run`) or confirm (the user name typed back, or `--yes`),
/// get the write permission the first time (`WriteConsent`), send, record the attempt, and say
/// what changed and how to undo it.
enum FixRunner {
  static func run(
    _ kind: WriteKind, user: String, group: String? = nil, fix: FixOptions, demo: DemoOptions,
    common: CommonOptions, lifetimeMinutes: Int? = nil, usableOnce: Bool = false
  ) async throws {
    let runtime = try await common.makeRuntime(demo: demo)
    let (account, configuration) = try await runtime.signedInGraph()
    do {
      let reads = DirectoryWrites.live(
        configuration: configuration, tokens: runtime.session, transport: runtime.transport)
      let person = try await resolve(user, reads)
      var found: WriteGroup?
      if let group { found = try await lookUpGroup(group, reads) }
      let plan = WritePlan(
        kind: kind, person: person, group: found, lifetimeMinutes: lifetimeMinutes, usableOnce: usableOnce)
      if let refusal = plan.localRefusal { throw FixStop(code: FixExit.refused, message: refusal) }
      if fix.dryRun {
        try DirectoryCommand.write(plan.request(graphRoot: reads.graphRoot).dryRunText(graphRoot: reads.graphRoot))
        DirectoryCommand.say("Dry run: nothing was sent. Without --dry-run: \(plan.willHappen)")
        return
      }
      try confirm(plan, yes: fix.yes)
      let tokens = try await WriteConsent.tokens(for: kind, account: account, runtime: runtime)
      let writes = DirectoryWrites.live(configuration: configuration, tokens: tokens, transport: runtime.transport)
      let (response, pass) = await writes.perform(plan)
      record(plan, response, account: account, file: auditFile(runtime, demo: demo.demo))
      try report(plan, response, pass: pass)
    } catch let stop as FixStop {
      DirectoryCommand.say(stop.message)
      throw ExitCode(stop.code)
    } catch let error as DirectoryError {
      DirectoryCommand.say(describe(error, kind: kind))
      throw ExitCode(exitCode(for: error))
    }
  }

  // MARK: - Naming the person

  /// The person `argument` names exactly; a display name is refused with the matches' user names.
  static func resolve(_ argument: String, _ writes: DirectoryWrites) async throws -> WritePerson {
    let target = WriteTargetArgument(argument)
    if case .displayName(let name) = target {
      let matches = try await writes.peopleNamed(name, DirectoryCommand.reportRetry)
      throw FixStop(code: FixExit.usage, message: displayNameRefusal(name, matches))
    }
    do {
      return try await writes.person(target, DirectoryCommand.reportRetry)
    } catch .notFound {
      throw FixStop(code: FixExit.notFound, message: "No person has the object id or user name “\(argument)”.")
    }
  }

  static func displayNameRefusal(_ name: String, _ matches: [WritePerson]) -> String {
    let start = "“\(name)” is a display name, and a write needs the person exactly: give their object id or user name."
    if matches.isEmpty { return start + " No one has that display name." }
    let names = matches.map(\.userPrincipalName).joined(separator: ", ")
    return start + " \(matches.count == 1 ? "The person" : "The \(matches.count) people") with that name: \(names)."
  }

  static func lookUpGroup(_ argument: String, _ writes: DirectoryWrites) async throws -> WriteGroup {
    do {
      return try await writes.group(argument, DirectoryCommand.reportRetry)
    } catch .notFound {
      throw FixStop(code: FixExit.notFound, message: "No group has the object id, mail or name “\(argument)”.")
    } catch .unsupportedQuery(let text) {
      throw FixStop(code: FixExit.usage, message: text)
    }
  }

  // MARK: - Confirming

  /// At a terminal: the person in full and the user name typed back. Without one: `--yes`.
  static func confirm(_ plan: WritePlan, yes: Bool) throws {
    if yes {
      DirectoryCommand.say("--yes: \(plan.kind.commandName) \(plan.person.fullName).")
      return
    }
    guard isatty(STDIN_FILENO) == 1 else {
      throw FixStop(
        code: FixExit.notConfirmed,
        message:
          "roster \(plan.kind.commandName) changes the directory and there is no terminal to confirm at: add --yes "
          + "(with an exact object id or user name) to go ahead, or --dry-run to see the request. Nothing was sent.")
    }
    Console.error(plan.confirmationText)
    FileHandle.standardError.write(Data((plan.confirmationPrompt + " ").utf8))
    let typed = readLine() ?? ""
    guard plan.confirms(typed) else {
      throw FixStop(code: FixExit.notConfirmed, message: "Not confirmed: nothing was sent.")
    }
  }

  // MARK: - Recording and reporting

  /// Appends the attempt to the audit file; false (said on stderr) when it could not be written.
  /// The audit file: in the state directory; for `--demo`, in its throw-away directory (the demo
  /// leaves nothing on disk, and its tenant's writes are no one's business after it ends).
  static func auditFile(_ runtime: CommandRuntime, demo: Bool) -> WriteAuditFile {
    if demo, let directory = runtime.environment["XDG_CACHE_HOME"] {
      return WriteAuditFile(directory: URL(fileURLWithPath: directory))
    }
    return WriteAuditFile(environment: runtime.environment)
  }

  @discardableResult static func record(
    _ plan: WritePlan, _ response: WriteResponse, account: Account, file: WriteAuditFile
  ) -> Bool {
    do {
      try file.append(WriteRecord(plan: plan, response: response, account: account.username.string, time: Date()))
      return true
    } catch {
      DirectoryCommand.say("The attempt could not be recorded in the audit file: \(error)")
      return false
    }
  }

  /// Says what the write came to (`WriteResponse.outcome`, the pane's words too): a pass alone on
  /// stdout, so `PASS=$(roster tap … --yes)` works, and the sentence on stderr; any other success
  /// on stdout; a refusal or an unknown end as an exit status.
  static func report(_ plan: WritePlan, _ response: WriteResponse, pass: TemporaryAccessPass?) throws {
    let outcome = response.outcome(plan, pass: pass)
    switch outcome.result {
    case .done:
      guard let pass = outcome.pass else { return try DirectoryCommand.write(outcome.text + "\n") }
      try DirectoryCommand.write(pass.exposedValue + "\n")
      DirectoryCommand.say(outcome.text)
    case .unchanged: try DirectoryCommand.write(outcome.text + "\n")
    case .refused, .needsPermission: throw FixStop(code: FixExit.refused, message: outcome.text)
    case .notFound: throw FixStop(code: FixExit.notFound, message: outcome.text)
    case .unknown(let error): throw FixStop(code: exitCode(for: error), message: outcome.text)
    }
  }

  static func exitCode(for error: DirectoryError) -> Int32 {
    if case .permissionDenied = error { return FixExit.refused }
    return DirectoryCommand.exitCode(for: error)
  }

  static func describe(_ error: DirectoryError, kind: WriteKind) -> String {
    if case .notFound = error { return "Not found." }
    return DirectoryCommand.describe(error)
  }
}
