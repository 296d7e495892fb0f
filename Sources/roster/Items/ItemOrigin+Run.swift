import ArgumentParser
import Foundation
import Index
import RosterCore
import SearchRules

extension ItemOrigin {
  /// Runs `body` on the origin `offline` chooses, for a command of `kinds`: Graph with the cached
  /// sign-in (exit 3 without one), or the complete local index (exit 3 without one; exit 3 or 4
  /// when it keeps none of a kind, `refuseUnkept`). A `DirectoryError` is said on stderr with
  /// `search`'s exit codes; an offline answer ends with the line saying where it came from.
  static func run(
    common: CommonOptions, demo: DemoOptions, offline: Bool, kinds: [ObjectKind],
    _ body: (ItemOrigin) async throws -> Void
  ) async throws {
    var fromIndex: String?
    let origin: ItemOrigin
    if offline {
      let (index, status) = try await IndexContext.openOffline(common, demo: demo)
      for kind in kinds { try refuseUnkept(kind, status) }
      (origin, fromIndex) = (.index(index, status), IndexContext.fromIndex(status.lastSync))
    } else {
      let runtime = try await common.makeRuntime(demo: demo)
      let (account, configuration) = try await runtime.signedInGraph()
      origin = .graph(SignedInGraph(account: account, configuration: configuration, runtime: runtime))
    }
    do {
      try await body(origin)
      if let fromIndex { DirectoryCommand.say(fromIndex) }
    } catch let error as DirectoryError {
      DirectoryCommand.say(DirectoryCommand.describe(error))
      throw ExitCode(DirectoryCommand.exitCode(for: error))
    }
  }

  /// An index that keeps none of `kind` says why: the permission its sign-in lacks (exit 4, as
  /// Graph's refusal), or no round of the kind finished yet (exit 3, as no complete index).
  static func refuseUnkept(_ kind: ObjectKind, _ status: IndexReadiness) throws {
    let kept = status.kinds[kind.rawValue]
    if let missing = kept?.missingPermission {
      // The index's sentence, or the bare permission said as `index status` says it.
      let text = CleanText(missing).string
      DirectoryCommand.say(text.contains(" ") ? text : IndexContext.needs("listing \(kind.plural)", text) + ".")
      throw ExitCode(4)
    }
    if kept?.kept != true {
      DirectoryCommand.say("The local index keeps no \(kind.plural) yet; run `roster index sync` first.")
      throw ExitCode(3)
    }
  }
}
