import Foundation
import RosterCore

/// How an app registration and an enterprise app read in the list. Written once over the flavour
/// (`Flavor.noun`, `Flavor.kind`), so the two kinds cannot drift apart. Like a device, a glyph and
/// a word say what the row is, so it reads as an app without colour; what ops look an app up for
/// — the credential that runs out first — follows the word.
extension AppObject: RowPresentable, DatedRowPresentable {
  static var kindGlyph: String? { listGlyph }

  /// The glyph before an app's name (a diamond), for both flavours: the word after it says which.
  /// No other kind uses it (⊞ groups, ⌂ rooms, ▭ devices, ◌ undescribed members).
  static var listGlyph: String { "◆" }

  /// "◆ Payroll Sync".
  var listName: String { Self.listGlyph + " " + displayName.string }

  /// Without a clock: the word, "disabled", and how many credentials it has.
  var listAddress: String {
    let count = isPartial ? nil : credentials.count
    let held = count.map { $0 == 0 ? "no credentials" : $0 == 1 ? "1 credential" : "\($0) credentials" }
    return ([Flavor.noun, disabledWord, held].compactMap { $0 }).joined(separator: " · ")
  }

  /// "app · expires in 12 days", "enterprise app · disabled · 2 secrets expired": the word first,
  /// so a cut keeps it, then the credential that ends soonest in words.
  func listAddress(now: Date) -> String {
    ([Flavor.noun, disabledWord, isPartial ? nil : dueWords(now: now)].compactMap { $0 }).joined(separator: " · ")
  }

  /// Warned like a device not seen for 90 days: a credential past due or due within 30 days.
  func listWarning(now: Date) -> Style? {
    guard !isPartial, let first = credentials.first, first.isDue(now: now) else { return nil }
    return .warning
  }

  /// "disabled" for an enterprise app people may not sign in to.
  var disabledWord: String? { accountEnabled == false ? "disabled" : nil }

  /// "no credentials", "expires in 12 days", or, when more than one has run out, how many:
  /// "2 secrets expired", "3 credentials expired".
  func dueWords(now: Date) -> String {
    let all = credentials
    guard let first = all.first else { return "no credentials" }
    let expired = all.filter { $0.ends(before: now) }
    guard expired.count > 1 else { return ExpiryWords.phrase(first.endDateTime, now: now) }
    let kinds = Set(expired.map(\.kind))
    let noun = kinds.count > 1 ? "credentials" : kinds.first == .secret ? "secrets" : "certificates"
    return "\(NumberText.grouped(expired.count)) \(noun) expired"
  }
}

extension AppCredentialDue {
  /// Ops' window: past due, or ending within 30 days (Entra's own "expiring soon" in the portal).
  func isDue(now: Date) -> Bool {
    guard let end = endDateTime else { return false }
    return end < now || ExpiryWords.daysLeft(end, now: now) <= 30
  }
}

extension AppObject: KindPresentable {
  /// What an empty list says while it lists apps (or enterprise apps) alone.
  static func emptyListLines(_ state: AppState) -> [String] {
    let rows = Flavor.kind == .app ? state.apps.status : state.enterpriseApps.status
    let plural = Flavor.kind.plural
    switch rows {
    case .idle, .searching: return ["Searching \(plural)…"]
    case .needsPermission(let permission):
      return [
        "Listing \(plural) needs \(permission).",
        "With it: see each app's secrets and certificates by when they expire, the owners to chase, and what the app may do.",
      ]
    case .offline(let message): return ["Offline: \(message)", "Type to try again."]
    case .failed(let message): return [message.string, "Ctrl-R to try again."]
    case .results:
      return [
        "No \(Flavor.noun) matches \u{201C}\(state.field.query.string)\u{201D}.",
        "\(Flavor.noun.prefix(1).uppercased() + Flavor.noun.dropFirst())s match by the words of their name.",
      ]
    }
  }
}
