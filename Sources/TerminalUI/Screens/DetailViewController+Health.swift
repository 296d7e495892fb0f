import RosterCore

/// The pane's Account section (issue 33): `h` opens it on the pane's person, and only a sign-in
/// whose scopes allow a part is offered the key, so a colleague-browsing user never sees it or an
/// error for it. The words are `HealthText`'s, the same as `roster show --health`.
extension DetailViewController {
  func healthCommands(_ person: Person?, in state: AppState) -> [KeyCommand] {
    guard state.mayAskHealth, let person else { return [] }
    let open = state.health.shownFor == person.id
    return [
      KeyCommand([.character("h")], open ? "hide account" : "account health") { _, _ in
        .handled([.health(.toggled)])
      },
      // The fixes (issue 45) beside the account they change, for the same operators.
      KeyCommand([.character("f")], "fix: revoke, disable, pass, invite, groups…", when: state.mayFix) { _, _ in
        .handled([.fix(.requested)])
      },
    ]
  }
}

extension AppState {
  /// The section's lines as label/value pairs: "Account" first, then one line each.
  func healthLines(of person: Person) -> [(label: String, value: String, style: Style)] {
    guard health.shownFor == person.id else { return [] }
    guard let report = health.byPerson[person.id] else {
      return health.pendingPersonID == person.id ? [("Account", "…", .muted)] : []
    }
    var lines = Array(HealthText.lines(report.health, now: now).dropFirst())
    switch report.failedSignIns {
    case .loaded(let entries) where entries.isEmpty:
      lines.append("No failed sign-ins in what Graph keeps (about \(SignInRetention.days) days)")
    case .loaded(let entries):
      lines.append("Recent failed sign-ins (newest first):")
      lines += entries.map { "  " + HealthText.signInLine($0, now: now) }
    case .refused(let text):
      lines.append(text)
    default:
      break  // not asked without the scopes, or failed: the parts above say enough
    }
    var styled = lines.map { ($0, Self.healthStyle($0)) }
    // The Roles part (issue 43) after the existing lines; its refusals read muted.
    styled += PersonRoles.lines(report.roles).map { ($0.text, $0.muted ? Style.muted : Style.plain) }
    return styled.enumerated().map { index, line in
      (index == 0 ? "Account" : "", line.0, line.1)
    }
  }

  /// A refusal, a failure or what Graph did not return reads muted; a disabled account or a
  /// failed sign-in as a warning.
  static func healthStyle(_ line: String) -> Style {
    if line.contains("refused") || line.contains("not asked") || line.contains("could not")
      || line.contains(": unknown —")
    {
      return .muted
    }
    if line.hasPrefix("Enabled: no") || line.contains("FAILED") || line.contains("not yet accepted") {
      return Style(color: .warning)
    }
    return .plain
  }
}
