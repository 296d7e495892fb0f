import ArgumentParser
import Foundation
import Identity
import RosterCore
import Transport

/// `roster doctor`: checks the set-up one line at a time and says what to do about each problem.
/// Exit 0 when nothing is wrong, 1 otherwise; `--json` for a support ticket.
///
/// It signs no one in and writes nothing of its own; the file modes are checked before anything
/// else opens the files (opening the token cache repairs a wide mode, as every command does).
struct DoctorCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Check the terminal, settings, sign-in, scopes, files and network, and say what to fix.",
    discussion: """
      One line per check, marked ✓ or ✗ (with the words ok and PROBLEM when NO_COLOR is set or \
      the output is not a terminal); each problem says what to do. Exit 0 when every check \
      passes, 1 when any does not.
      """)

  @Flag(help: "Print the checks as JSON on stdout.")
  var json = false

  @OptionGroup var common: CommonOptions

  struct Report: Encodable {
    var ok: Bool
    var checks: [DoctorCheck]
  }

  func run() async throws {
    let environment = common.environment
    var checks = [DoctorTerminal.check(environment: environment)]
    // File modes first: loading the settings reads the token cache (the chosen account), and
    // opening it repairs a wide mode, so a stat taken later would never see the problem.
    let store = common.makeTokenStore(warn: { _ in })
    let cacheModeBefore = store.location.flatMap(DoctorFiles.mode(of:))
    let fileChecks = DoctorFiles.check(environment: environment)
    var settings: Settings?
    do {
      settings = try common.loadSettings()
    } catch let stop as CommandStop {
      checks.append(
        .problem(
          "Settings", stop.summary,
          fix: "correct \(Settings.settingsFile(configFile: common.config, environment: environment).path)"))
    }
    if let settings { checks.append(DoctorSettings.check(settings, common: common)) }
    if let unknown = Settings.unknownKeysWarning(configFile: common.config, environment: environment) {
      checks.append(.note("Settings keys", unknown, fix: "correct or remove them"))
    }
    var transport: LiveHTTPTransport?
    if let settings {
      let (check, made) = DoctorNetwork.proxyAndCA(settings: settings, common: common)
      checks.append(check)
      transport = made
    }
    if let cache = store.location {
      checks.append(DoctorFiles.tokenCache(cache, modeBefore: cacheModeBefore))
      if let aside = DoctorFiles.movedAside(tokenCache: cache) { checks.append(aside) }
    }
    checks += fileChecks
    if let settings, let transport {
      checks += await DoctorNetwork.authorityAndClock(settings: settings, transport: transport)
    }
    var account: Account?
    if let settings, transport != nil {
      let (accountChecks, found) = await DoctorAccount.check(settings: settings, common: common, store: store)
      checks += accountChecks
      account = found
    }
    if let settings { checks += DoctorIndex.check(settings: settings, account: account, environment: environment) }
    let report = Report(ok: !checks.contains { $0.status == .problem }, checks: checks)
    if json {
      print(try PeopleOutput.json(report), terminator: "")
    } else {
      let colour = Console.stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
      let width = DoctorCheck.width(environment: environment)
      print(checks.flatMap { $0.lines(colour: colour, width: width) }.joined(separator: "\n"))
    }
    if !report.ok { throw ExitCode(1) }
  }
}
