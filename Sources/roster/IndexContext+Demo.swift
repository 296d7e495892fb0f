import Foundation
import Index
import RosterCore

/// The demo's own index. Every `--demo` run is a new sandbox tenant, so no `roster index sync`
/// run earlier can help it: a demo command that needs the index (`roster search --demo --close
/// aditya gutpa`, docs/guide-search.md's example) syncs a throw-away one first, in the directory the demo
/// removes when the process ends.
extension IndexContext {
  /// The synced index of this demo run, or nil (with the reason on stderr) when it cannot sync.
  func syncedForDemo() async -> DirectoryIndex? {
    guard let index = try? open() else { return nil }
    if (try? index.status())?.complete == true { return index }
    let sync = IndexSync(index: index, feed: feed, estimate: estimate, groups: groups)
    do {
      _ = try await sync.run(progress: { _ in }, onRetry: DirectoryCommand.reportRetry)
    } catch {
      DirectoryCommand.say("The demo could not build its index for close matches: \(error)")
      return nil
    }
    return (try? index.status())?.complete == true ? index : nil
  }

  /// What `roster index status --demo` says instead of advising a sync that cannot help.
  static let demoKeepsNoIndex =
    "The demo keeps no index: every --demo run is a new sandbox tenant, gone when the command ends. "
    + "`roster search --demo --close aditya gutpa` builds a throw-away one for its close matches."
}
