import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore
import SearchRules

/// The two kinds `roster apps` reads in every answer, from one origin (`ItemOrigin`: Graph, or
/// the index with `--offline`): app registrations through `AppsModule`'s client or
/// `RegistrationIndex`, enterprise apps through its `AppsModule`'s or `EnterpriseIndex`.
struct AppSources {
  let origin: ItemOrigin
  let registrations: ItemSource<AppRegistration, AppDetail<RegistrationFlavor>>
  let enterprise: ItemSource<EnterpriseApp, AppDetail<EnterpriseFlavor>>

  init(_ origin: ItemOrigin) {
    self.origin = origin
    registrations = origin.source(RegistrationIndex.self, module: AppsModule<RegistrationFlavor>.self)
    enterprise = origin.source(EnterpriseIndex.self, module: AppsModule<EnterpriseFlavor>.self)
  }

  var place: String { registrations.place }

  /// Both kinds matching `text`, at most `limit` of each: app registrations, then enterprise apps.
  func search(_ text: String, limit: Int) async throws -> (apps: [AnyApp], more: Bool) {
    async let registered = registrations.search(text, limit)
    async let consented = enterprise.search(text, limit)
    let (mine, theirs) = try await (registered, consented)
    return (mine.items.map(AnyApp.registration) + theirs.items.map(AnyApp.enterprise), mine.more || theirs.more)
  }

  /// The apps whose client id is `appId`: Graph's `$filter` online, the index's rows offline.
  func apps(appId: String) async throws -> [AnyApp] {
    switch origin {
    case .graph(let graph):
      let (configuration, runtime) = (graph.configuration, graph.runtime)
      let registration = GraphAppListing<RegistrationFlavor>(
        configuration: configuration, tokens: runtime.session, transport: runtime.transport)
      let enterprise = GraphAppListing<EnterpriseFlavor>(
        configuration: configuration, tokens: runtime.session, transport: runtime.transport)
      return try await registration.app(appId: appId).map(AnyApp.registration)
        + enterprise.app(appId: appId).map(AnyApp.enterprise)
    case .index(let index, _):
      return try index.apps(RegistrationFlavor.self, appId: appId).map(AnyApp.registration)
        + index.apps(EnterpriseFlavor.self, appId: appId).map(AnyApp.enterprise)
    }
  }
}

/// The index's secrets and certificates of both kinds' apps that end before a date, read from
/// their own columns (`DirectoryIndex.credentials(_:endingBefore:)`): no app's JSON is decoded.
enum AppIndexReads {
  /// Both kinds' credentials ending before `date`, each read straight into a report row.
  static func due(in index: DirectoryIndex, before date: Date, entries: Bool) throws -> [DueCredential] {
    var due: [DueCredential] = []
    try index.credentials(RegistrationFlavor.self, endingBefore: date, entries: entries) {
      due.append(DueCredential(row: $0))
    }
    try index.credentials(EnterpriseFlavor.self, endingBefore: date, entries: entries) {
      due.append(DueCredential(row: $0))
    }
    return due
  }
}

/// `roster apps show`'s answer: the app registration's or the enterprise app's detail.
enum AnyAppDetail {
  case registration(AppDetail<RegistrationFlavor>)
  case enterprise(AppDetail<EnterpriseFlavor>)
}

extension AppSources {
  /// The app `key` names: an object id of either kind, else a client id (`appId`: its app
  /// registration when the tenant has it, else its enterprise app), else the one app with that
  /// whole display name. An app registration and its enterprise app share their name and client
  /// id, so they are one app here; several apps of one name are listed with their ids, never
  /// guessed between. Either failure is exit 1, as "no such device".
  func find(_ key: String) async throws -> AnyAppDetail {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    if UUID(uuidString: trimmed) != nil {
      if let found = try await detail(id: trimmed) { return found }
      if let app = preferred(try await apps(appId: trimmed)) { return try await detail(of: app) }
    }
    // Names are compared as shown: a name pasted with its escapes still finds its app.
    let shown = CleanText(trimmed).string
    let folded = TextFolding.caseFolded(shown)
    let named = try await search(shown, limit: 10_000).apps.filter {
      TextFolding.caseFolded($0.displayName.string) == folded
    }
    let byAppId = Dictionary(grouping: named) { $0.appId?.lowercased() ?? "id:" + $0.id }
    if byAppId.count == 1, let app = preferred(named) { return try await detail(of: app) }
    let line =
      named.isEmpty
      ? "No app named \u{201C}\(shown)\u{201D} \(place)."
      : "\(byAppId.count) apps are named \u{201C}\(shown)\u{201D}; give one's id or appId:"
    let candidates = named.prefix(20).map { app -> String in
      let appId = app.appId.map { " · appId " + $0 } ?? ""
      return "  " + app.id + "  " + app.noun + appId
    }
    let rest = named.count > candidates.count ? ["  … and \(named.count - candidates.count) more"] : []
    throw CommandStop(
      exitCode: 1, message: (["roster: " + line] + candidates + rest).joined(separator: "\n"), summary: line)
  }

  /// The app registration of several halves of one app, else the first.
  private func preferred(_ apps: [AnyApp]) -> AnyApp? { apps.first { $0.order == 0 } ?? apps.first }

  private func detail(of app: AnyApp) async throws -> AnyAppDetail {
    guard let found = try await detail(id: app.id) else { throw DirectoryError.notFound }
    return found
  }

  /// The app of object id `id`, either kind; nil when neither has it.
  private func detail(id: String) async throws -> AnyAppDetail? {
    do {
      return .registration(try await registrations.detail(id))
    } catch DirectoryError.notFound {}
    do {
      return .enterprise(try await enterprise.detail(id))
    } catch DirectoryError.notFound {}
    return nil
  }
}
