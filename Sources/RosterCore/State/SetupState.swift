import Foundation

/// The first-run setup screen: the app registration's client id and the tenant, being edited.
public struct SetupState: Equatable, Sendable {
  /// The field being edited.
  public enum Field: Equatable, Sendable, CaseIterable { case clientId, tenant }

  /// The app registration's Application (client) ID, as typed.
  /// Clean: typed text, or read from a settings file anyone may have written.
  public var clientId: CleanText
  /// A tenant id, a verified domain, or `organizations` / `common`.
  public var tenant: CleanText
  /// Which field receives typed text.
  public var focusedField: Field
  /// Why the last save was refused (bad client id, unwritable file), in plain words.
  public var error: CleanText?
  /// The settings file is being written.
  public var isSaving: Bool

  public init(settings: Settings = Settings()) {
    self.clientId = CleanText(settings.clientId ?? "")
    self.tenant = CleanText(SetupState.tenant(fromAuthority: settings.authority))
    self.focusedField = .clientId
    self.error = nil
    self.isSaving = false
  }

  /// The last path component of an authority URL (`.../organizations` → `organizations`).
  static func tenant(fromAuthority authority: String) -> String {
    guard let url = URL(string: authority), let last = url.pathComponents.last(where: { $0 != "/" })
    else { return "organizations" }
    return last
  }
}
