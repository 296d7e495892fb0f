import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore

/// `roster index sync|status|forget`: the local directory index of the signed-in account.
struct IndexCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "index",
    abstract: "Manage the local directory index that searches use when it is complete.",
    subcommands: [Sync.self, Status.self, Forget.self])

  /// `roster index sync`: a full sync the first time, else one delta round. Progress on stderr.
  struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Bring the index up to date (exit 0 when complete).",
      discussion: "Exit codes: 0 complete, 3 not signed in, 4 service or network error (or missing permission), "
        + "5 another roster is syncing this account.")
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func run() async throws {
      let context = try await IndexContext.make(common, demo: demo)
      let index = try context.open()
      let sync = IndexSync(
        index: index, feed: context.feed, estimate: context.estimate, groups: context.groups, rooms: context.rooms,
        catchUpAfterFull: context.fills, kinds: context.kinds)
      let started = Date()
      let reporter = ProgressReporter()
      do {
        switch try await sync.run(progress: reporter.report, onRetry: DirectoryCommand.reportRetry) {
        case .busy:
          DirectoryCommand.say("Another roster is syncing this account's index; try again when it has finished.")
          throw ExitCode(5)
        case .synced(let full, let changes, let requests):
          let status = try index.status()
          let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
          let others = IndexContext.otherKinds(status)
          DirectoryCommand.say(
            (full
              ? "Indexed \(status.people) people\(others)"
              : "Applied \(changes) changes; \(status.people) people\(others)")
              + " in \(requests) requests, \(seconds) s.")
          if status.groups == nil, let missing = status.groupsMissingPermission {
            DirectoryCommand.say("No groups kept: \(IndexContext.needs("reading groups", missing)).")
          }
          if status.rooms == nil, let missing = status.roomsMissingPermission {
            DirectoryCommand.say("No rooms kept: \(IndexContext.needs("listing rooms", missing)).")
          }
          for kind in ObjectKind.allCases {
            guard let kept = status.kinds[kind.rawValue], kept.count == nil, let missing = kept.missingPermission
            else { continue }
            DirectoryCommand.say("No \(kind.plural) kept: \(IndexContext.needs("listing \(kind.plural)", missing)).")
          }
          if let failure = status.roomsFailure {
            DirectoryCommand.say("Rooms not refreshed (\(CleanText(failure))); the index keeps its last list.")
          }
          await context.refreshYourPeople(index)
        }
      } catch let error as IndexSyncError {
        switch error {
        case .permissionDenied(let message):
          DirectoryCommand.say("Cannot index the directory: \(CleanText(message))")
          throw ExitCode(4)
        case .failed(let directoryError):
          DirectoryCommand.say(
            DirectoryCommand.describe(directoryError)
              + " The index keeps its last complete state; run `roster index sync` again to resume.")
          throw ExitCode(DirectoryCommand.exitCode(for: directoryError))
        }
      }
    }
  }

  /// `roster index status [--json]`: people, last sync, file, size, permissions.
  struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract: "Show the index: people, last sync, file, size and what the token lets it hold.",
      discussion: "Exit codes: 0 an index exists, 1 none yet, 3 not signed in.")
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func run() async throws {
      let context = try await IndexContext.make(common, demo: demo)
      guard FileManager.default.fileExists(atPath: context.location.file.path) else {
        if json {
          print("{\"exists\":false,\"file\":\(IndexContext.jsonString(context.location.file.path))}")
        } else if demo.demo {
          print(IndexContext.demoKeepsNoIndex)
        } else {
          print("No index yet for \(context.account.username). Run `roster index sync` (or just `roster`).")
        }
        throw ExitCode(1)
      }
      let status = try context.open().status()
      if json {
        print(try PeopleOutput.json(status, isoDates: true), terminator: "")
      } else {
        print(IndexContext.describe(status, account: context.account).joined(separator: "\n"))
      }
    }
  }

  /// `roster index forget`: deletes this account's index files.
  struct Forget: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "forget", abstract: "Delete this account's local index.")
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func run() async throws {
      let context = try await IndexContext.make(common, demo: demo)
      if DirectoryIndex.forget(context.location) {
        DirectoryCommand.say("Forgot the index \(context.location.file.path).")
      } else {
        DirectoryCommand.say("No index to forget for \(context.account.username).")
      }
    }
  }
}

/// Prints sync progress on stderr, at most a few lines a second.
final class ProgressReporter: @unchecked Sendable {
  private let lock = NSLock()
  private var last = Date.distantPast

  var report: @Sendable (IndexProgress) -> Void {
    { [self] progress in
      let now = Date()
      let due = lock.withLock { () -> Bool in
        guard now.timeIntervalSince(last) > 0.5 else { return false }
        last = now
        return true
      }
      if due { DirectoryCommand.say(IndexContext.progressText(progress)) }
    }
  }
}
