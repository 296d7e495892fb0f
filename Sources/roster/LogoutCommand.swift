import ArgumentParser
import Foundation
import Graph
import Identity
import Index
import RosterCore

/// `roster logout`: forgets the active account (or the one `--account` names, or every account
/// with `--all`), with its local index and photos. When the active account goes and others stay,
/// the most recently used of them becomes active, and logout says so.
struct LogoutCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "logout",
    abstract: "Forget the active account's tokens, index and photos (--account X: that one; --all: every one).",
    discussion: """
      Other accounts stay signed in; when the active one is signed out, the most recently used of the others \
      becomes active (logout names it). Exit codes: 0 done (or nothing to forget), 1 the token cache cannot be \
      written, 2 usage, 3 --account names no signed-in account.
      """)

  @Flag(help: "Forget every cached account, not just the active one.")
  var all = false

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if all && common.account != nil { throw ValidationError("Give --account or --all, not both.") }
  }

  func run() async throws {
    let store = common.fileTokenStore()
    let selector = common.account ?? common.environment["ROSTER_ACCOUNT"].flatMap { $0.isEmpty ? nil : $0 }
    let all = self.all
    let (removed, remaining, nowActive): ([Account], [Account], Account?)
    do {
      (removed, remaining, nowActive) = try await store.update { file in
        let keys: [String]
        if all {
          keys = Array(file.accounts.keys)
        } else if let selector {
          keys = [try AccountSelector.select(selector, in: file).key]
        } else {
          keys = file.activeAccount.map { [$0] } ?? []
        }
        let accounts = keys.compactMap { file.accounts[$0]?.account }
        let wasActive = file.activeAccount
        file.forget(keys)
        let nowActive =
          file.activeAccount != wasActive ? file.activeAccount.flatMap { file.accounts[$0]?.account } : nil
        return (accounts, file.accounts.values.map(\.account), nowActive)
      }
    } catch let failure as AccountSelector.Failure {
      throw CommandStop(exitCode: 3, message: "roster: \(failure.message)", summary: failure.message)
    } catch {
      Console.error("roster: \((error as? SignInFailure)?.displayLine ?? "\(error)")")
      throw ExitCode(1)
    }
    // The index and photos are copies of what the account could read: they go with it (unless
    // another account still signed in reads the same ones).
    let photos = PhotoDiskCache.standard(environment: common.environment)
    for account in removed {
      let location = IndexLocation(account: account, environment: common.environment)
      if !remaining.contains(where: { IndexLocation(account: $0, environment: common.environment) == location }) {
        DirectoryIndex.forget(location)
      }
      if !remaining.contains(where: { $0.tenantId == account.tenantId }) {
        photos.forget(tenant: account.tenantId.string)
      }
    }
    let names = removed.map { "\($0.username) (tenant \($0.tenantId))" }
    if names.isEmpty {
      Console.error("Not signed in; nothing to forget.")
    } else {
      Console.error("Signed out \(names.sorted().joined(separator: ", ")).")
    }
    // The one rule (`TokenCacheFile.settleActive`): the person learns which account every command
    // now uses, rather than finding out from the next search.
    if let nowActive {
      Console.error(
        "Active account now \(nowActive.username) (tenant \(nowActive.tenantId)); `roster accounts use` switches.")
    }
  }
}
