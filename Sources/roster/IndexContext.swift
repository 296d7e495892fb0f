import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore

/// What the index commands share: the signed-in account, its index location, and the live
/// delta feed over the command's transport and token session.
struct IndexContext {
  let account: Account
  let location: IndexLocation
  let feed: DeltaFeed
  let estimate: @Sendable () async -> Int?
  /// Groups with members (`/groups/delta`), when the token may read them.
  let groups: GroupSyncMode

  /// Exit 3 when no account is signed in (nothing is asked interactively).
  static func make(_ common: CommonOptions, demo: DemoOptions) async throws -> IndexContext {
    let runtime = try await common.makeRuntime(demo: demo)
    guard let account = await runtime.session.restoreSession() else { throw CommandStop.notSignedIn }
    let configuration: GraphConfiguration
    do {
      configuration = try GraphConfiguration(settings: runtime.settings, tenantId: account.tenantId.string)
    } catch {
      throw CommandStop(exitCode: 1, message: "roster: \(error.description)", summary: error.description)
    }
    return IndexContext(
      account: account, location: IndexLocation(account: account, environment: runtime.environment),
      feed: .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport),
      estimate: DeltaFeed.liveEstimate(
        configuration: configuration, tokens: runtime.session, transport: runtime.transport),
      groups: GroupSyncMode(
        account: account,
        feed: .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)))
  }

  /// The index for `--offline` answers: exit 3 with a message when there is no complete one.
  func openComplete() throws -> (DirectoryIndex, IndexStatus) {
    let missing = "No complete local index for \(account.username); run `roster index sync` first."
    guard FileManager.default.fileExists(atPath: location.file.path) else {
      DirectoryCommand.say(missing)
      throw ExitCode(3)
    }
    let index = try open()
    let status = try index.status()
    guard status.complete else {
      DirectoryCommand.say(missing)
      throw ExitCode(3)
    }
    return (index, status)
  }

  /// The account's index, brought within what its token may read before anything is read from it.
  func open() throws -> DirectoryIndex {
    do {
      let index = try DirectoryIndex.open(location) { DirectoryCommand.say($0) }
      try index.conform(to: ProfileGrant(account))
      try index.conformGroups(to: account)
      return index
    } catch {
      DirectoryCommand.say("Cannot open the index \(location.file.path): \(error)")
      throw ExitCode(1)
    }
  }

  /// "indexing 12,000 of ~200,000" / "applying 40 changes".
  static func progressText(_ progress: IndexProgress) -> String {
    switch progress.phase {
    case .full:
      return IndexState.progressText(indexed: progress.indexed, estimate: progress.estimate)
    case .delta:
      return "applying \(NumberText.grouped(progress.indexed)) changes"
    }
  }

  static func describe(_ status: IndexStatus, account: Account) -> [String] {
    var lines = ["Account:   \(account.username)"]
    lines.append("People:    \(NumberText.grouped(status.people))" + (status.complete ? "" : " (no complete sync yet)"))
    if let last = status.lastSync {
      let age = IndexState.age(Date().timeIntervalSince(last))
      lines.append("Last sync: \(ISO8601DateFormatter().string(from: last)) (\(age))")
    } else {
      lines.append("Last sync: never finished")
    }
    if let indexing = status.indexing {
      lines.append("Unfinished sync: \(NumberText.grouped(indexing)) people so far; `roster index sync` resumes it")
    }
    lines.append(
      "File:      \(status.file), \(NumberText.grouped(Int(status.sizeBytes / 1024))) KiB"
        + (StatusCommand.permissions(of: status.file).map { ", \($0)" } ?? ""))
    let fields =
      status.profiles == .full
      ? "full profiles (User.Read.All)" : "basic profiles only: names and mail (User.ReadBasic.All)"
    lines.append("Holds:     \(fields); managers \(status.managersKnown ? "known" : "not readable")")
    if let groups = status.groups {
      lines.append("Groups:    \(NumberText.grouped(groups)) with their members")
    } else if let missing = status.groupsMissingPermission {
      lines.append(
        "Groups:    none kept: reading groups needs \(CleanText(missing)), which an administrator must consent to")
    } else {
      lines.append("Groups:    none yet")
    }
    if let problem = status.permissionProblem { lines.append("Problem:   \(CleanText(problem))") }
    return lines
  }

  static func jsonString(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
  }
}
