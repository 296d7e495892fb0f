import Foundation

/// The fix box: read the person, choose, name a group, type the user name back, send once, show
/// what it came to. Nothing reaches `.perform` without `WritePlan.confirms` saying yes.
enum FixReducer {
  static func reduce(_ state: inout AppState, _ action: FixAction) -> [Effect] {
    switch action {
    case .requested:
      guard state.mayFix, !state.fix.isOpen, let person = state.detail.status.person else { return [] }
      state.fix.requestID += 1
      state.fix.step = .readingPerson(
        name: person.displayName?.string ?? person.userPrincipalName?.string ?? "(no name)")
      return [.cancel(id: .fix), .fix(.readPerson(id: person.id, requestID: state.fix.requestID))]
    case .personRead(let id, let result):
      guard id == state.fix.requestID, case .readingPerson? = state.fix.step else { return [] }
      switch result {
      case .success(let person): state.fix.step = .choosing(person, FixState.kinds(for: person))
      case .failure(let error): state.fix.step = .stopped(lookUpFailure(error, what: "the person's account"))
      }
      return []
    case .chosen(let kind):
      guard case .choosing(let person, let kinds)? = state.fix.step, kinds.contains(kind) else { return [] }
      if kind == .groupAdd || kind == .groupRemove {
        state.fix.step = .namingGroup(person, kind, typed: "")
      } else {
        confirm(&state, WritePlan(kind: kind, person: person))
      }
      return []
    case .typed(let text):
      edit(&state) { typed in typed = String((typed + text.filter { !$0.isNewline }).prefix(FixState.fieldLimit)) }
      return []
    case .erased:
      edit(&state) { typed in _ = typed.popLast() }
      return []
    case .cleared:
      edit(&state) { typed in typed = "" }
      return []
    case .submitted:
      return submit(&state)
    case .groupRead(let id, let result):
      guard id == state.fix.requestID, case .readingGroup(let person, let kind, _)? = state.fix.step else { return [] }
      switch result {
      case .success(let group): confirm(&state, WritePlan(kind: kind, person: person, group: group))
      case .failure(.unsupportedQuery(let text)): state.fix.step = .stopped(text)
      case .failure(.notFound): state.fix.step = .stopped("No group has that object id, mail or name.")
      case .failure(let error): state.fix.step = .stopped(lookUpFailure(error, what: "the group"))
      }
      return []
    case .performed(let id, let outcome):
      guard id == state.fix.requestID, case .sending(let plan)? = state.fix.step else { return [] }
      state.fix.step = .finished(plan, outcome)
      if let scopes = outcome.grantedScopes { state.account?.grantedScopes = scopes }
      if outcome.succeeded {
        state.fix.writesDone += 1
        state.fix.lastWritten = plan.person
        state.fix.lastKind = plan.kind
      }
      return []
    case .dismissed:
      // A write on its way cannot be called back: the box stays until Graph answers.
      if case .sending? = state.fix.step { return [] }
      // The pass leaves the state with the box: it was shown once.
      state.fix.step = nil
      return [.cancel(id: .fix)]
    }
  }

  /// The plan's confirmation, unless what the look-up read rules it out.
  private static func confirm(_ state: inout AppState, _ plan: WritePlan) {
    if let refusal = plan.localRefusal {
      state.fix.step = .stopped(refusal)
    } else {
      state.fix.step = .confirming(plan, typed: "", mismatch: false)
    }
  }

  /// Enter: find the group named, or send once the user name typed back matches.
  private static func submit(_ state: inout AppState) -> [Effect] {
    switch state.fix.step {
    case .namingGroup(let person, let kind, let typed)?:
      let argument = typed.trimmingCharacters(in: .whitespaces)
      guard !argument.isEmpty else { return [] }
      state.fix.requestID += 1
      state.fix.step = .readingGroup(person, kind, argument: argument)
      return [.fix(.readGroup(argument, requestID: state.fix.requestID))]
    case .confirming(let plan, let typed, _)?:
      guard plan.confirms(typed), let account = state.account else {
        state.fix.step = .confirming(plan, typed: "", mismatch: true)
        return []
      }
      state.fix.requestID += 1
      state.fix.step = .sending(plan)
      return [
        .fix(
          .perform(
            plan, account: account.username.string, grantedScopes: account.grantedScopes,
            requestID: state.fix.requestID))
      ]
    case .finished?, .stopped?:
      state.fix.step = nil
      return []
    default:
      return []
    }
  }

  /// Edits the field of the step that has one.
  private static func edit(_ state: inout AppState, _ change: (inout String) -> Void) {
    switch state.fix.step {
    case .namingGroup(let person, let kind, var typed)?:
      change(&typed)
      state.fix.step = .namingGroup(person, kind, typed: typed)
    case .confirming(let plan, var typed, let mismatch)?:
      change(&typed)
      state.fix.step = .confirming(plan, typed: typed, mismatch: mismatch && typed.isEmpty)
    default:
      break
    }
  }

  private static func lookUpFailure(_ error: DirectoryError, what: String) -> String {
    "Could not read \(what): \(error.plainMessage.string) Nothing was changed."
  }
}

extension AppState {
  /// Whether the pane offers `f`: to an operator's sign-in — one holding a permission only ops
  /// work asks for (the sign-in log, the directory, roles, or a write's own) — so someone browsing
  /// colleagues, even with full profiles (User.Read.All), never sees the key. The write permission
  /// itself is asked for the first time a fix needs it (incremental consent).
  public var mayFix: Bool {
    guard let account else { return false }
    let held = Set(account.grantedScopes.map { $0.lowercased() })
    return FixState.operatorPermissions.contains { held.contains($0.lowercased()) }
  }
}

extension FixState {
  /// Permissions a sign-in holds only for ops work: reading the sign-in log, the directory or its
  /// roles, and every write's own (and the broader ones that allow it).
  static let operatorPermissions: [String] =
    ["AuditLog.Read.All", "Directory.Read.All", "RoleManagement.Read.Directory", "RoleManagement.Read.All"]
    + WriteKind.allCases.flatMap { [$0.permission] + $0.sufficientInstead }
}
