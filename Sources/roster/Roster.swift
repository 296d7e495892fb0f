import ArgumentParser
import Foundation
import RosterCore

/// The `roster` command: the TUI by default, and the scriptable subcommands.
@main
struct Roster: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "roster",
    abstract: "Find colleagues in Microsoft Entra ID as you type.",
    usage: """
      roster [--demo [--b2c]] [<options>]
      roster <subcommand> [<options>]
      """,
    discussion: """
      Without a subcommand, the full-screen people browser opens. Its search field, like `roster \
      search`, takes names, filters (dept:, title:, office:, manager:, under:, is:guest …), phone \
      numbers, alias addresses and employee ids: `roster search --help` lists them, as ? does in \
      the browser.
      """,
    subcommands: [
      LoginCommand.self, LogoutCommand.self, StatusCommand.self, SearchCommand.self, ShowCommand.self,
      LinkCommand.self, FreeCommand.self, SigninsCommand.self, OrgCommand.self, HistoryCommand.self,
      QueryCommand.self, GroupsCommand.self, RoomsCommand.self, SandboxCommand.self, IndexCommand.self,
      TasksCommand.self, AccountsCommand.self, DoctorCommand.self, VersionCommand.self, ManualCommand.self,
      CompletionsCommand.self, DeletedCommand.self,
      MfaCommand.self, GuestsCommand.self,
      RolesCommand.self,
      RevokeCommand.self, DisableCommand.self, EnableCommand.self, TapCommand.self, ReinviteCommand.self,
    ] + KindModules.commands
  )

  @Flag(name: .customLong("version"), help: "Show the version, the commit and the libraries Roster runs with.")
  var showVersion = false

  @OptionGroup var tui: TUIOptions

  @Flag(
    name: .customLong("screen-reader"),
    help: "A line-by-line browser for screen readers and braille displays (also ACCESSIBLE=1 or screenReader on).")
  var screenReader = false

  func run() async throws {
    if showVersion { return print(RosterVersion.current().text) }
    if ScreenReaderCommand.chosen(flag: screenReader, tui) { return try await ScreenReaderCommand.run(tui) }
    try await TUICommand.run(tui)
  }

  /// Runs the command, with usage errors ending in exit code 2 as DESIGN.md §6 promises (and as
  /// shells and `getopt` tools do) instead of argument-parser's 64.
  static func main() async {
    // Arguments are cleaned as a paste into the search field is (issue 40): an escape sequence
    // in a copied name never reaches Graph, a message or the log, and cannot be echoed back to
    // the terminal. `CleanText` is the one cleaning rule of the program.
    let arguments = CommandLine.arguments.dropFirst().map { CleanText($0, maxCharacters: 1 << 24).string }
    RosterLog.bootstrap(
      arguments: [CommandLine.arguments.first ?? "roster"] + arguments, environment: ProcessInfo.processInfo.environment
    )
    if let usage = LogLevelUsage.message(arguments: arguments) {
      FileHandle.standardError.write(Data((usage + "\n").utf8))
      Foundation.exit(2)
    }
    do {
      var command = try parseAsRoot(arguments)
      if let refusal = DemoRefusal.message(for: command, arguments: arguments)
        ?? DemoRefusal.environmentProblem(ProcessInfo.processInfo.environment, arguments: arguments)
      {
        Console.error("roster: \(refusal)")
        Foundation.exit(2)
      }
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let stop as CommandStop {
      Console.error(stop.message)
      Foundation.exit(stop.exitCode)
    } catch let code as ExitCode {
      // A command's own status (`roster apps --expiring`: 10, 11), its message already said:
      // argument-parser's `exit(withError:)` would render the root's usage twice before
      // printing nothing (issue 42).
      Foundation.exit(code.rawValue)
    } catch {
      if exitCode(for: error) == .validationFailure {
        if let suggestion = SubcommandSuggestion.message(
          arguments: arguments, subcommands: configuration.subcommands)
        {
          FileHandle.standardError.write(Data((suggestion + "\n").utf8))
          Foundation.exit(2)
        }
        FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}
