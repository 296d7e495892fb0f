import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore

/// `--expiring Nd`: a span of whole days from now. Only days: a month or a week is a number of
/// days a script can say exactly, and one unit leaves nothing to misread.
struct ExpirySpan: Equatable {
  var days: Int

  init?(argument: String) {
    let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
    guard text.hasSuffix("d"), let days = Int(text.dropLast()), (0...36_500).contains(days) else { return nil }
    self.days = days
  }

  /// The end of the span: a credential ending before it is listed (`0d`: only the expired).
  func end(from now: Date) -> Date { now.addingTimeInterval(Double(days) * 86_400) }
}

/// One secret or certificate of one app that has expired or ends within the span: a report row.
/// A certificate listed for Sign and Verify is one row (`AppObject.credentials`). What it prints
/// of the app and the credential is `AppCredentialRow`, read from the index's columns offline and
/// made from Graph's app online.
struct DueCredential {
  var row: AppCredentialRow
  /// nil: not known (offline, or Graph would not list them).
  var owners: [Person]?

  var due: AppCredentialDue { row.due }
  /// The app's object id, cleaned: the report's tie-break and the owners' key.
  var appId: String { CleanText(row.appObjectId).string }

  func expired(at now: Date) -> Bool { due.ends(before: now) }
}

/// The report: every app's credentials that end before the span's end, soonest first, then app
/// registrations before enterprise apps, then by name; and the exit status it calls for.
enum AppExpiry {
  /// Owner batches in flight at once: each is 20 reads (`GraphAppListing.ownersPerBatch`), so two keep
  /// forty reads moving without a burst Graph would throttle.
  static let ownerBatchesAtOnce = 2

  static func rows(_ apps: [AnyApp], before end: Date) -> [DueCredential] {
    sorted(
      apps.flatMap { app in
        let rows: [AppCredentialRow]
        switch app {
        case .registration(let object): rows = object.credentialRows
        case .enterprise(let object): rows = object.credentialRows
        }
        return rows.filter { $0.due.ends(before: end) }.map { DueCredential(row: $0) }
      })
  }

  /// Soonest first, then app registrations before enterprise apps, then by name and id, then in
  /// the app's own order of its credentials (`precedes`).
  static func sorted(_ rows: [DueCredential]) -> [DueCredential] {
    let keys = rows.map {
      OrderKey(end: $0.row.endSeconds, registration: $0.row.isRegistration, position: $0.row.position)
    }
    let order = rows.indices.sorted { left, right in
      precedes(
        keys[left], keys[right], name: { rows[$0 ? left : right].row.appName.string },
        id: { CleanText(rows[$0 ? left : right].row.appObjectId).string })
    }
    return order.map { rows[$0] }
  }

  /// What a report row is sorted by, made once a row: its end in seconds, its kind, its place
  /// among its app's credentials.
  struct OrderKey {
    var end: Double
    var registration: Bool
    var position: Int
  }

  /// The report's order, for both of its paths (`sorted`, `OfflineExpiryTable`): the ends compared
  /// as numbers; the app's cleaned name and object id (`name`, `id`: `true` asks for the left
  /// row's) read only for two rows ending at the same instant, which few do.
  static func precedes(
    _ left: OrderKey, _ right: OrderKey, name: (_ left: Bool) -> String, id: (_ left: Bool) -> String
  ) -> Bool {
    if left.end != right.end { return left.end < right.end }
    if left.registration != right.registration { return left.registration }
    let (leftName, rightName) = (name(true), name(false))
    if leftName != rightName { return leftName < rightName }
    return (id(true), left.position) < (id(false), right.position)
  }

  /// 0 nothing due, 10 something due within the span but nothing expired, 11 something expired.
  static func exitStatus(_ rows: [DueCredential], now: Date) -> Int32 {
    exitStatus(listed: !rows.isEmpty, expired: rows.contains { $0.expired(at: now) })
  }

  static func exitStatus(listed: Bool, expired: Bool) -> Int32 { expired ? 11 : listed ? 10 : 0 }

  /// The report's rows from the origin: online every app of both kinds (`GraphAppListing.all`)
  /// and then the owners of the apps listed only; offline the index's credentials ending by the
  /// end (it keeps no owners), their Graph entries' fields only with `entries` (what `--json` prints).
  static func report(_ origin: ItemOrigin, before end: Date, entries: Bool = true) async throws -> [DueCredential] {
    switch origin {
    case .index(let index, _):
      return sorted(try AppIndexReads.due(in: index, before: end, entries: entries))
    case .graph(let graph):
      let (configuration, runtime) = (graph.configuration, graph.runtime)
      let registrations = GraphAppListing<RegistrationFlavor>(
        configuration: configuration, tokens: runtime.session, transport: runtime.transport)
      let enterprise = GraphAppListing<EnterpriseFlavor>(
        configuration: configuration, tokens: runtime.session, transport: runtime.transport)
      async let mine = registrations.all(onRetry: DirectoryCommand.reportRetry)
      async let theirs = enterprise.all(onRetry: DirectoryCommand.reportRetry)
      let apps = try await mine.map(AnyApp.registration) + theirs.map(AnyApp.enterprise)
      var found = rows(apps, before: end)
      let owners = await self.owners(of: found) { batch in
        let ids = batch.map(\.id)
        if batch[0].order == 0 {
          return try await registrations.owners(ofApps: ids, onRetry: DirectoryCommand.reportRetry)
        }
        return try await enterprise.owners(ofApps: ids, onRetry: DirectoryCommand.reportRetry)
      }
      for index in found.indices { found[index].owners = owners[found[index].appId] ?? nil }
      return found
    }
  }

  /// Each listed app's owners, read once per app in batches of one kind (`GraphAppListing.ownersPerBatch`
  /// a batch), `ownerBatchesAtOnce` at a time; an app whose owners cannot be read has nil (the
  /// report still prints).
  private static func owners(
    of rows: [DueCredential], read: @escaping @Sendable ([AppKey]) async throws -> [String: [Person]?]
  ) async -> [String: [Person]?] {
    var seen = Set<String>()
    let unique = rows.map { AppKey(order: $0.row.isRegistration ? 0 : 1, id: $0.appId) }.filter {
      seen.insert($0.id).inserted
    }
    let size = GraphAppListing<RegistrationFlavor>.ownersPerBatch
    let batches = [0, 1].flatMap { order -> [[AppKey]] in
      let kind = unique.filter { $0.order == order }
      return stride(from: 0, to: kind.count, by: size).map {
        Array(kind[$0..<min($0 + size, kind.count)])
      }
    }
    return await withTaskGroup(of: [String: [Person]?].self) { group in
      var result: [String: [Person]?] = [:]
      var next = batches.makeIterator()
      func start() {
        guard let batch = next.next() else { return }
        group.addTask { (try? await read(batch)) ?? Dictionary(uniqueKeysWithValues: batch.map { ($0.id, nil) }) }
      }
      for _ in 0..<ownerBatchesAtOnce { start() }
      while let answered = await group.next() {
        result.merge(answered) { first, _ in first }
        start()
      }
      return result
    }
  }
}

/// An app whose owners the report reads: its kind (0 an app registration, 1 an enterprise app)
/// and object id.
struct AppKey: Sendable {
  var order: Int
  var id: String
}
