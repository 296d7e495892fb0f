import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore
import SearchRules

/// Where `roster devices` reads: Graph with the cached sign-in (or the demo tenant's), or the
/// local index with `--offline`. Both answer through the kind's seams (`KindClient`,
/// `KindIndexReader`), the ones the app's list and pane use, so the CLI finds what the screen does.
struct DeviceSource {
  /// The devices matching `text`, at most `limit`, in the list's order; `more` when others match.
  var search: (_ text: String, _ limit: Int) async throws -> (devices: [Device], more: Bool)
  /// One device by object id, with its owners and users when the source keeps them.
  var detail: (_ id: String) async throws -> DeviceDetail
  /// "in the tenant" / "in the local index": where a name was not found.
  var place: String
}

/// What the device commands share: the source, finding one device by id or name, and errors on
/// stderr with the exit codes of `search`.
enum DeviceCommandRunner {
  static func run(
    common: CommonOptions, demo: DemoOptions, offline: Bool, _ body: (DeviceSource) async throws -> Void
  ) async throws {
    var fromIndex: String?
    let source: DeviceSource
    if offline {
      (source, fromIndex) = try await offlineSource(common, demo: demo)
    } else {
      let runtime = try await common.makeRuntime(demo: demo)
      let configuration = try await runtime.signedInGraph().configuration
      source = graphSource(
        .devices(configuration: configuration, tokens: runtime.session, transport: runtime.transport))
    }
    do {
      try await body(source)
      if let fromIndex { DirectoryCommand.say(fromIndex) }
    } catch let error as DirectoryError {
      DirectoryCommand.say(DirectoryCommand.describe(error))
      throw ExitCode(DirectoryCommand.exitCode(for: error))
    }
  }

  /// The index's devices, read as the app reads them (`DeviceIndex`'s reader), and the line
  /// saying where the answer came from. Exit 3 without a complete index.
  static func offlineSource(_ common: CommonOptions, demo: DemoOptions) async throws -> (DeviceSource, String) {
    let (index, status) = try await IndexContext.make(common, demo: demo).openComplete()
    try refuseUnkept(status)
    let synced = status.lastSync.map { " (synced \(ISO8601DateFormatter().string(from: $0)))" } ?? ""
    let reader = DeviceIndex.reader { index }
    return (indexSource(reader), "From the local index\(synced).")
  }

  /// An index that keeps no devices says why: the permission its sign-in lacks (exit 4, as Graph's
  /// refusal), or no device round finished yet (exit 3, as no complete index).
  static func refuseUnkept(_ status: IndexStatus) throws {
    let kept = status.kinds[ObjectKind.device.rawValue]
    if let missing = kept?.missingPermission {
      // The index's sentence, or the bare permission said as `index status` says it.
      let text = CleanText(missing).string
      DirectoryCommand.say(text.contains(" ") ? text : IndexContext.needs("listing devices", text) + ".")
      throw ExitCode(4)
    }
    if kept?.count == nil {
      DirectoryCommand.say("The local index keeps no devices yet; run `roster index sync` first.")
      throw ExitCode(3)
    }
  }

  // MARK: Sources

  static func graphSource(_ client: KindClient) -> DeviceSource {
    DeviceSource(
      search: { text, limit in
        let query = KindQuery(.device, ItemQuery(text: text, pageSize: min(limit, 999)))
        var page = try page(await client.search(query, DirectoryCommand.reportRetry))
        var devices = page.items
        while devices.count < limit, let next = page.next {
          page = try self.page(await client.nextPage(next))
          devices += page.items
        }
        let more = devices.count > limit || page.next != nil
        return (Array(ordered(devices, for: text).prefix(limit)), more)
      },
      detail: { id in try answer(await client.detail(id)) }, place: "in the tenant")
  }

  static func indexSource(_ reader: KindIndexReader) -> DeviceSource {
    DeviceSource(
      search: { text, limit in
        // One more than listed, so a full answer says "more".
        let answer = reader.search(KindQuery(.device, ItemQuery(text: text, pageSize: limit + 1)))
        let rows = answer.value(as: IndexRows<Device>.self)?.rows ?? []
        return (Array(ordered(rows, for: text).prefix(limit)), rows.count > limit)
      },
      detail: { id in try answer(reader.detail(id)) }, place: "in the local index")
  }

  private static func page(_ answer: KindAnswer) throws(DirectoryError) -> ItemPage<Device> {
    if let error = answer.failure { throw error }
    guard let page = answer.value(as: Result<ItemPage<Device>, DirectoryError>.self).flatMap({ try? $0.get() }) else {
      throw .malformedResponse("Microsoft Graph's answer held no devices.")
    }
    return page
  }

  private static func answer(_ detail: PaneDetail) throws(DirectoryError) -> DeviceDetail {
    if let error = detail.failure { throw error }
    guard let found = detail.value(as: Result<DeviceDetail, DirectoryError>.self).flatMap({ try? $0.get() }) else {
      throw .malformedResponse("The answer held no device.")
    }
    return found
  }

  /// The list's order, so Graph's answer and the index's print alike: names that start with the
  /// first word typed, then by name (Graph's `$search` order is not a ranking).
  static func ordered(_ devices: [Device], for text: String) -> [Device] {
    let first = Narrowing.words(text).first
    func key(_ device: Device) -> (Bool, String, String) {
      let name = TextFolding.caseFolded(device.sortName)
      return (first.map { name.hasPrefix($0) } ?? false, name, device.id)
    }
    return devices.sorted { left, right in
      let (l, r) = (key(left), key(right))
      if l.0 != r.0 { return l.0 }
      return (l.1, l.2) < (r.1, r.2)
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
    let found = try await source.search(shown, 10_000).devices
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
