import Foundation
import RosterCore

/// An app's pane: its facts, its credentials by expiry, what it may do, then its owners and its
/// other half as rows Enter walks to — in `AppDetail.walkable`'s order, which is `pane.walkable`'s.
extension AppObject: ItemPanePresentable {
  func paneLines(_ pane: ItemPane, in state: AppState, width: Int) -> (lines: [StyledLine], rowLines: [Int]) {
    let detail = pane.loadedApp(Flavor.self)
    // The read's answer is fresher than the row the list holds.
    let app = detail?.app ?? self
    var lines = [StyledLine("")]
    if app.isPartial {
      // A group's member row named only the app: the rest is unknown until the read answers.
      lines += TextPane.fields(
        [
          ("Kind", Self.kindWords, .plain), ("Name", displayName.string, .plain),
          ("Details", "unknown until read", .muted),
        ], width: width, labelWidth: AppState.groupLabelWidth)
    } else {
      lines += app.fieldLines(tenantId: state.account?.tenantId.string, now: state.now, width: width)
      lines.append(StyledLine(""))
      lines += AppCredentialLines(credentials: app.credentials, now: state.now, width: width).lines
    }
    lines.append(StyledLine(""))
    if let pending = pane.pendingLines(reading: "Reading owners and permissions…", width: width) {
      return (lines + pending, [])
    }
    guard let detail else { return (lines, []) }
    return AppDetailLines(detail: detail, width: width).appended(
      to: lines, synced: state.index.syncedText(at: state.now))
  }

  /// "App registration", "Enterprise app": the kind in words, as the pane's first fact.
  static var kindWords: String { Flavor.kind == .app ? "App registration" : "Enterprise app" }

  /// Label/value lines: the kind, the client id, then the flavour's own facts.
  fileprivate func fieldLines(tenantId: String?, now: Date, width: Int) -> [StyledLine] {
    var pairs: [(label: String, value: String, style: Style)] = []
    func add(_ label: String, _ text: String?, missing: String = "not set", style: Style = .plain) {
      let value = text ?? ""
      pairs.append((label, value.isEmpty ? missing : value, value.isEmpty ? .muted : style))
    }
    add("Kind", Self.kindWords)
    add("Name", displayName.string)
    add("App id", appId.map { CleanText($0).string })
    if Flavor.kind == .app { add("Audience", audience) }
    if Flavor.kind == .enterpriseApp {
      add("Type", servicePrincipalType?.string)
      add(
        "Enabled", accountEnabled.map { $0 ? "yes" : "no — nobody can sign in to it" }, missing: "not reported",
        style: accountEnabled == false ? .warning : .plain)
      add("Registered", registeredWords(tenantId: tenantId))
    }
    if Flavor.kind == .app || createdDateTime != nil {
      add("Created", createdDateTime.map { Self.day($0) + " (" + HealthText.age(of: $0, now: now) + ")" })
    }
    return TextPane.fields(pairs, width: width, labelWidth: AppState.groupLabelWidth)
  }

  /// "in this organisation", "in another organisation (‹tenant id›)", or the tenant id alone when
  /// the signed-in tenant is not known.
  fileprivate func registeredWords(tenantId: String?) -> String? {
    guard let owner = appOwnerOrganizationId.map({ CleanText($0).string }) else { return nil }
    switch isOwnApp(tenantId: tenantId) {
    case true?: return "in this organisation"
    case false?: return "in another organisation (\(owner))"
    case nil: return "in organisation \(owner)"
    }
  }

  /// "2026-12-09": a day in UTC, like the other instants Roster prints.
  static func day(_ date: Date) -> String { String(HealthText.utc(date).prefix(10)) }
}

extension ItemPane {
  /// The app's detail, once read.
  fileprivate func loadedApp<Flavor: AppFlavor>(_ flavor: Flavor.Type) -> AppDetail<Flavor>? {
    guard case .loaded(let payload) = detail else { return nil }
    return payload.value(as: Result<AppDetail<Flavor>, DirectoryError>.self).flatMap { try? $0.get() }
  }
}
