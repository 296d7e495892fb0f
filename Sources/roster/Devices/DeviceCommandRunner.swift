import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore
import SearchRules

/// Where `roster devices` reads: the kind's `ItemSource` (Graph, or the local index with `--offline`).
typealias DeviceSource = ItemSource<Device, DeviceDetail>

/// What the device commands add to every kind's (`ItemOrigin`, `ItemCommandRunner`): finding one
/// device by id or name.
enum DeviceCommandRunner {
  static func run(
    common: CommonOptions, demo: DemoOptions, offline: Bool, _ body: (DeviceSource) async throws -> Void
  ) async throws {
    try await ItemOrigin.run(common: common, demo: demo, offline: offline, kinds: [.device]) { origin in
      try await body(origin.source(DeviceIndex.self, module: DevicesModule.self))
    }
  }

  // MARK: Finding one

  /// The device `key` names: an object id first (unique), else the one device with that whole
  /// display name. Devices share names (every "iPhone 15" of a tenant may be called so): several
  /// are never guessed between, they are listed with their ids so the person can say which. Either
  /// failure is exit 1, as "no such group".
  static func find(_ key: String, in source: DeviceSource) async throws -> DeviceDetail {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    if UUID(uuidString: trimmed) != nil {
      do {
        return try await source.detail(trimmed)
      } catch DirectoryError.notFound {
        // Not an id Graph knows: perhaps a name that looks like one.
      }
    }
    // Names are compared as shown: a name pasted with its escapes still finds its device.
    let shown = CleanText(trimmed).string
    let folded = TextFolding.caseFolded(shown)
    let found = try await source.search(shown, 10_000).items
    let named = found.filter { TextFolding.caseFolded($0.displayName.string) == folded }
    if named.count == 1 { return try await source.detail(named[0].id) }
    let line: String
    if named.isEmpty {
      line = "No device named \u{201C}\(shown)\u{201D} \(source.place)."
    } else {
      line = "\(named.count) devices are named \u{201C}\(shown)\u{201D}; give one's id:"
    }
    let candidates = named.prefix(20).map {
      "  " + CleanText($0.id).string + "  " + DeviceOutput.summary($0, now: Date())
    }
    let rest = named.count > candidates.count ? ["  … and \(named.count - candidates.count) more"] : []
    let message = (["roster: " + line] + candidates + rest).joined(separator: "\n")
    throw CommandStop(exitCode: 1, message: message, summary: line)
  }
}
