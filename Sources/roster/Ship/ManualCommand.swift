import ArgumentParser
import Foundation

/// `roster manual`: prints `roster.1` (mdoc) for `scripts/package`; `man -l <(roster manual)`
/// reads it without installing anything.
struct ManualCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "manual",
    abstract: "Print the roster(1) manual page (mdoc) built from the command definitions.")

  func run() async throws {
    let keys = await MainActor.run { ManualKeys.sections() }
    let page = ManualPage(
      tree: try CommandTree.current(), keys: keys, version: RosterVersion.number, date: RosterVersion.date)
    print(page.render(), terminator: "")
  }
}

/// `roster completions bash|zsh|fish`: the completion script swift-argument-parser generates
/// from the same command definitions (subcommands, options, option values, and people's names
/// from the local index for `roster show`).
struct CompletionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "completions",
    abstract: "Print the completion script for bash, zsh or fish.",
    discussion: """
      bash: roster completions bash > ~/.local/share/bash-completion/completions/roster
      zsh: roster completions zsh > "${fpath[1]}/_roster"
      fish: roster completions fish > ~/.config/fish/completions/roster.fish
      The Debian package installs all three.
      """)

  enum Shell: String, ExpressibleByArgument, CaseIterable { case bash, zsh, fish }

  @Argument(help: "The shell.")
  var shell: Shell

  func run() throws {
    let kind: CompletionShell =
      switch shell {
      case .bash: .bash
      case .zsh: .zsh
      case .fish: .fish
      }
    print(Roster.completionScript(for: kind), terminator: "")
  }
}
