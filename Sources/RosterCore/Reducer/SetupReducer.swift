import Foundation

/// The first-run setup screen: checks the client id and tenant, then asks for them to be saved.
enum SetupReducer {
  static func reduce(_ state: inout AppState, _ action: SetupAction) -> [Effect] {
    switch action {
    case .fieldEdited(let field, let text):
      switch field {
      case .clientId: state.setup.clientId = CleanText(text)
      case .tenant: state.setup.tenant = CleanText(text)
      }
      state.setup.error = nil
      return []
    case .fieldFocused(let field):
      state.setup.focusedField = field
      return []
    case .submitted:
      guard state.screen == .setup, !state.setup.isSaving else { return [] }
      switch validated(state.setup, base: state.settings) {
      case .failure(let problem):
        state.setup.error = CleanText(problem.message)
        state.setup.focusedField = problem.field
        return []
      case .success(let settings):
        state.setup.isSaving = true
        state.setup.error = nil
        return [.saveSettings(settings)]
      }
    case .saved(let settings):
      state.settings = settings
      state.setup = SetupState(settings: settings)
      guard state.screen == .setup else { return [] }
      state.screen = .login
      state.login.phase = .restoring
      return [.restoreSession]
    case .saveFailed(let message):
      state.setup.isSaving = false
      state.setup.error = "Could not save the settings: \(message)"
      return []
    }
  }

  /// A field and what is wrong with it.
  struct Problem: Error {
    var field: SetupState.Field
    var message: String
  }

  /// The settings with the entered client id and tenant, or what is wrong with them.
  static func validated(_ setup: SetupState, base: Settings) -> Result<Settings, Problem> {
    let clientId = setup.clientId.string.trimmingCharacters(in: .whitespacesAndNewlines)
    guard UUID(uuidString: clientId) != nil else {
      return .failure(
        Problem(
          field: .clientId,
          message: "The client id is the app registration's Application (client) ID, a GUID like "
            + "00000000-0000-0000-0000-000000000000."))
    }
    let tenant = setup.tenant.string.trimmingCharacters(in: .whitespacesAndNewlines)
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-"))
    guard !tenant.isEmpty, tenant.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII }) else {
      return .failure(
        Problem(
          field: .tenant,
          message: "The tenant is a tenant id (GUID), a domain like contoso.onmicrosoft.com, or organizations."))
    }
    var settings = base
    settings.clientId = clientId
    settings.authority = authority(base.authority, tenant: tenant)
    return .success(settings)
  }

  /// `base` with its tenant path segment replaced by `tenant`.
  private static func authority(_ base: String, tenant: String) -> String {
    guard var components = URLComponents(string: base), let host = components.host, !host.isEmpty else {
      return "https://login.microsoftonline.com/\(tenant)"
    }
    components.path = "/\(tenant)"
    components.query = nil
    return components.string ?? "https://login.microsoftonline.com/\(tenant)"
  }
}
