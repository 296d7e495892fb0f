import ArgumentParser
import Foundation
import Identity
import RosterCore

/// `roster accounts`: the signed-in accounts, and `roster accounts use` to change the active one.
struct AccountsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "accounts",
    abstract: "List the signed-in accounts, or switch the active one (`roster accounts use`).",
    discussion: """
      The active account (marked *) is the one every command and the full-screen UI use unless \
      --account, ROSTER_ACCOUNT or the account setting names another. `roster login` adds an account; \
      `roster logout --account X` removes one. Exit codes: 0 done, 1 the token cache cannot be read, \
      2 usage, 3 no such account (or a name that fits several).
      """,
    subcommands: [AccountsListCommand.self, AccountsUseCommand.self],
    defaultSubcommand: AccountsListCommand.self)
}

/// `roster accounts [--json]`.
struct AccountsListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the signed-in accounts (the active one marked *).")

  @Flag(help: "Print a JSON array of objects (username, tenantId, active, …) on stdout.")
  var json = false

  @OptionGroup var common: CommonOptions

  /// One account as `--json` prints it.
  struct Entry: Encodable {
    var number: Int
    var username: String
    var displayName: String?
    var tenantId: String
    var name: String?
    var profile: String?
    var authority: String
    var clientId: String
    var graphEndpoint: String?
    var active: Bool
    var signedIn: Bool
  }

  func run() async throws {
    let file = try AccountsListCommand.readCache(common)
    let clean = { (text: String) in CleanText(text).string }
    let entries = file.ordered.enumerated().map { index, item in
      Entry(
        number: index + 1, username: item.entry.account.username.string,
        displayName: item.entry.account.displayName?.string, tenantId: item.entry.account.tenantId.string,
        name: item.entry.name.map(clean), profile: item.entry.profile.map(clean),
        authority: clean(item.entry.account.authority), clientId: clean(item.entry.clientId),
        graphEndpoint: item.entry.graphEndpoint.map(clean), active: item.key == file.activeAccount,
        signedIn: item.entry.refreshToken != nil && item.entry.signedOutReason == nil)
    }
    if json {
      print(try PeopleOutput.json(entries), terminator: "")
      return
    }
    if entries.isEmpty {
      Console.error("No account is signed in. Run `roster login`.")
      return
    }
    for entry in entries {
      var line = "\(entry.active ? "*" : " ") \(entry.number)  \(entry.username)  tenant \(entry.tenantId)"
      if let name = entry.name { line += "  (\(name))" }
      if let profile = entry.profile { line += "  profile \(profile)" }
      if !entry.signedIn { line += "  signed out: run roster login --account \(entry.number)" }
      print(line)
    }
  }

  /// The token cache as it is; exit 1 with the reason when it cannot be read.
  static func readCache(_ common: CommonOptions) throws -> TokenCacheFile {
    do {
      return try common.fileTokenStore().snapshot()
    } catch {
      let message = (error as? SignInFailure)?.displayLine ?? "\(error)"
      throw CommandStop(exitCode: 1, message: "roster: \(message)", summary: message)
    }
  }
}

/// `roster accounts use NAME|UPN|N`.
struct AccountsUseCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "use", abstract: "Make an account the active one: its number, name, user name or user/tenant.")

  @Argument(help: ArgumentHelp("The account: its number in `roster accounts`, name, user name or user/tenant."))
  var account: String

  @OptionGroup var common: CommonOptions

  func run() async throws {
    let store = common.fileTokenStore()
    let wanted = account
    let chosen: CachedAccount
    do {
      chosen = try await store.update { file in
        let (key, entry) = try AccountSelector.select(wanted, in: file)
        file.activeAccount = key
        return entry
      }
    } catch let failure as AccountSelector.Failure {
      throw CommandStop(exitCode: 3, message: "roster: \(failure.message)", summary: failure.message)
    } catch {
      let message = (error as? SignInFailure)?.displayLine ?? "\(error)"
      throw CommandStop(exitCode: 1, message: "roster: \(message)", summary: message)
    }
    Console.error("Now using \(chosen.account.username) (tenant \(chosen.account.tenantId)).")
  }
}
