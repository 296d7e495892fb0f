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
/// A certificate listed for Sign and Verify is one row (`AppObject.credentials`).
struct DueCredential {
  var app: AnyApp
  var due: AppCredentialDue
  /// Graph's own entry, for the fields a row prints beside the due (`hint`, `type`, `usage`).
  var secret: PasswordCredential?
  var certificate: KeyCredential?
  /// nil: not known (offline, or Graph would not list them).
  var owners: [Person]?

  func expired(at now: Date) -> Bool { due.ends(before: now) }
}

/// The report: every app's credentials that end before the span's end, soonest first, then app
/// registrations before enterprise apps, then by name; and the exit status it calls for.
enum AppExpiry {
  /// Owner batches in flight at once: each is 20 reads (`GraphAppListing.ownersPerBatch`), so two keep
  /// forty reads moving without a burst Graph would throttle.
  static let ownerBatchesAtOnce = 2

  static func rows(_ apps: [AnyApp], before end: Date) -> [DueCredential] {
    let rows = apps.flatMap { app in
      app.credentials.filter { $0.ends(before: end) }.map { due in
        DueCredential(
          app: app, due: due,
          secret: due.kind == .secret ? app.passwordCredentials.first { $0.keyId == due.keyId } : nil,
          certificate: due.kind == .certificate ? app.keyCredentials.first { $0.keyId == due.keyId } : nil)
      }
    }
    // Each row's key is made once, not at each of the sort's comparisons.
    let keys = rows.map { row in
      (
        end: row.due.endDateTime ?? .distantFuture, order: row.app.order, name: row.app.displayName.string,
        id: row.app.id
      )
    }
    let order = keys.indices.sorted { left, right in
      let (l, r) = (keys[left], keys[right])
      if l.end != r.end { return l.end < r.end }
      return (l.order, l.name, l.id) < (r.order, r.name, r.id)
    }
    return order.map { rows[$0] }
  }

  /// 0 nothing due, 10 something due within the span but nothing expired, 11 something expired.
  static func exitStatus(_ rows: [DueCredential], now: Date) -> Int32 {
    if rows.contains(where: { $0.expired(at: now) }) { return 11 }
    return rows.isEmpty ? 0 : 10
  }

  /// The report's rows from the origin: online every app of both kinds (`GraphAppListing.all`)
  /// and then the owners of the apps listed only; offline the index's apps due by the end (it
  /// keeps no owners).
  static func report(_ origin: ItemOrigin, before end: Date) async throws -> [DueCredential] {
    switch origin {
    case .index(let index, _):
      return rows(try AppIndexReads.due(in: index, before: end), before: end)
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
      let owners = await self.owners(of: found.map(\.app)) { batch in
        let ids = batch.map(\.id)
        switch batch[0] {
        case .registration: return try await registrations.owners(ofApps: ids, onRetry: DirectoryCommand.reportRetry)
        case .enterprise: return try await enterprise.owners(ofApps: ids, onRetry: DirectoryCommand.reportRetry)
        }
      }
      for index in found.indices { found[index].owners = owners[found[index].app.id] ?? nil }
      return found
    }
  }

  /// Each listed app's owners, read once per app in batches of one kind (`GraphAppListing.ownersPerBatch`
  /// a batch), `ownerBatchesAtOnce` at a time; an app whose owners cannot be read has nil (the
  /// report still prints).
  private static func owners(
    of apps: [AnyApp], read: @escaping @Sendable ([AnyApp]) async throws -> [String: [Person]?]
  ) async -> [String: [Person]?] {
    var seen = Set<String>()
    let unique = apps.filter { seen.insert($0.id).inserted }
    let size = GraphAppListing<RegistrationFlavor>.ownersPerBatch
    let batches = [0, 1].flatMap { order -> [[AnyApp]] in
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
