import ArgumentParser
import Foundation
import Identity
import Index
import RosterCore

/// `roster logout`: forgets the active account's tokens, or every account with `--all`.
struct LogoutCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "logout", abstract: "Forget the signed-in account's tokens (all accounts with --all).")

  @Flag(help: "Forget every cached account, not just the active one.")
  var all = false

  @OptionGroup var common: CommonOptions

  func run() async throws {
    let store = common.makeTokenStore()
    do {
      let accounts: [Account] = try await store.update { file in
        let keys = all ? Array(file.accounts.keys) : (file.activeAccount.map { [$0] } ?? [])
        let accounts = keys.compactMap { file.accounts[$0]?.account }
        for key in keys { file.accounts[key] = nil }
        file.activeAccount = nil
        return accounts
      }
      // The index is a copy of what the account could read: it goes with the account.
      for account in accounts {
        DirectoryIndex.forget(IndexLocation(account: account, environment: common.environment))
      }
      let removed = accounts.map(\.username.string)
      if removed.isEmpty {
        Console.error("Not signed in; nothing to forget.")
      } else {
        Console.error("Signed out \(removed.sorted().joined(separator: ", ")).")
      }
    } catch {
      Console.error("roster: \((error as? SignInFailure)?.displayLine ?? "\(error)")")
      throw ExitCode(1)
    }
  }
}
