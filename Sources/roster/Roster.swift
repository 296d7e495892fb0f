import ArgumentParser

/// The `roster` command: the TUI by default, and the scriptable subcommands.
@main
struct Roster: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "roster",
    abstract: "Find colleagues in Microsoft Entra ID as you type.",
    subcommands: [
      LoginCommand.self, LogoutCommand.self, StatusCommand.self, SearchCommand.self, ShowCommand.self,
      SandboxCommand.self,
    ]
  )

  @OptionGroup var tui: TUIOptions

  func run() async throws {
    try await TUICommand.run(tui)
  }
}
