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
  /// Apps whose owners are read at once: a few, so a large report does not flood Graph.
  static let ownerReadsAtOnce = 4

  static func rows(_ apps: [AnyApp], before end: Date) -> [DueCredential] {
    let rows = apps.flatMap { app in
      app.credentials.filter { $0.ends(before: end) }.map { due in
        DueCredential(
          app: app, due: due,
          secret: due.kind == .secret ? app.passwordCredentials.first { $0.keyId == due.keyId } : nil,
          certificate: due.kind == .certificate ? app.keyCredentials.first { $0.keyId == due.keyId } : nil)
      }
    }
    return rows.sorted { left, right in
      let l = (left.due.endDateTime ?? .distantFuture, left.app.order, left.app.displayName.string, left.app.id)
      let r = (right.due.endDateTime ?? .distantFuture, right.app.order, right.app.displayName.string, right.app.id)
      if l.0 != r.0 { return l.0 < r.0 }
      return (l.1, l.2, l.3) < (r.1, r.2, r.3)
    }
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
      let owners = await self.owners(of: found.map(\.app)) { app in
        switch app {
        case .registration: try await registrations.owners(of: app.id)
        case .enterprise: try await enterprise.owners(of: app.id)
        }
      }
      for index in found.indices { found[index].owners = owners[found[index].app.id] ?? nil }
      return found
    }
  }

  /// Each listed app's owners, read once per app, `ownerReadsAtOnce` at a time; an app whose
  /// owners cannot be read has nil (the report still prints).
  private static func owners(
    of apps: [AnyApp], read: @escaping @Sendable (AnyApp) async throws -> [Person]
  ) async -> [String: [Person]?] {
    var seen = Set<String>()
    let unique = apps.filter { seen.insert($0.id).inserted }
    return await withTaskGroup(of: (String, [Person]?).self) { group in
      var result: [String: [Person]?] = [:]
      var next = unique.makeIterator()
      func start() {
        guard let app = next.next() else { return }
        group.addTask { (app.id, try? await read(app)) }
      }
      for _ in 0..<ownerReadsAtOnce { start() }
      while let (id, people) = await group.next() {
        result[id] = people
        start()
      }
      return result
    }
  }
}
