import Foundation

/// The account section as lines of text, shared by the pane and `roster show --health`, so both
/// say the same thing in the same words. Every value is already `CleanText`.
public enum HealthText {
  /// "2026-11-20 14:03 UTC (7 days ago)".
  public static func stamp(_ date: Date, now: Date) -> String {
    "\(utc(date)) (\(age(of: date, now: now)))"
  }

  /// "2026-11-20 14:03 UTC": logs and sign-ins are compared across time zones, so UTC, said.
  public static func utc(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) UTC"
  }

  /// "just now", "5 minutes ago", "3 days ago", "2 years ago"; "in the future" for a clock ahead.
  public static func age(of date: Date, now: Date) -> String {
    let seconds = now.timeIntervalSince(date)
    if seconds < -60 { return "in the future" }
    let units: [(Double, String)] = [
      (365 * 86_400, "year"), (30 * 86_400, "month"), (86_400, "day"), (3_600, "hour"), (60, "minute"),
    ]
    for (size, name) in units where seconds >= size {
      let count = Int(seconds / size)
      return "\(count) \(name)\(count == 1 ? "" : "s") ago"
    }
    return "just now"
  }

  public static func lines(_ health: AccountHealth, now: Date) -> [String] {
    var lines = ["Account"]
    lines += part(.state, health.state) { state in stateLines(state, now: now) }
    lines += part(.lastSignIn, health.lastSignIn) { last in lastSignInLines(last, now: now) }
    lines += part(.mfa, health.mfa) { mfa in
      let methods = mfa.methodsRegistered.map(\.string).joined(separator: ", ")
      return [
        "MFA registered: \(yesNo(mfa.isMfaRegistered)); capable: \(yesNo(mfa.isMfaCapable)); methods: "
          + (methods.isEmpty ? "none" : methods)
      ]
    }
    lines += part(.licences, health.licences) { licences in
      licences.isEmpty
        ? ["Licences: none"]
        : ["Licences: " + licences.map(\.productName).joined(separator: ", ")]
    }
    lines += part(.devices, health.devices) { devices in
      devices.isEmpty ? ["Devices: none"] : ["Devices:"] + devices.map { "  " + deviceLine($0, now: now) }
    }
    return lines
  }

  /// The sentence for a part Microsoft Graph answered without its data, nil when the data came:
  /// what was not received is unknown, never read as "not set" or "none".
  public static func notReturned(_ state: AccountState) -> String? {
    state.wasReturned
      ? nil
      : "Account state: unknown — Microsoft Graph returned none of it (enabled, type, sync, usage location), as it "
        + "does for a sign-in that reads only the basic profile; it needs User.Read.All or Directory.Read.All"
  }

  public static func notReturned(_ last: LastSignIn) -> String? {
    last.activityReturned
      ? nil
      : "Last sign-in: unknown — Microsoft Graph returned no sign-in activity for this account"
  }

  /// Graph's three clocks, each named for what it counts (signInActivity): a success of either
  /// kind; the person's own (interactive) attempts; a client's attempts on their behalf. The
  /// sign-in log lists both kinds, so its newest entry is the later of the two attempts.
  static func lastSignInLines(_ last: LastSignIn, now: Date) -> [String] {
    if let sentence = notReturned(last) { return [sentence] }
    func when(_ date: Date?) -> String { date.map { stamp($0, now: now) } ?? "none recorded" }
    return [
      "Last successful sign-in (interactive or not): " + when(last.lastSuccessfulSignInDateTime),
      "Last interactive sign-in attempt (moves on failures too): " + when(last.lastSignInDateTime),
      "Last non-interactive sign-in attempt: " + when(last.lastNonInteractiveSignInDateTime),
    ]
  }

  static func stateLines(_ state: AccountState, now: Date) -> [String] {
    if let sentence = notReturned(state) { return [sentence] }
    var lines = ["Enabled: " + yesNo(state.accountEnabled)]
    if let created = state.createdDateTime { lines.append("Created: " + stamp(created, now: now)) }
    var type = state.userType?.string ?? "unknown"
    if let invitation = state.externalUserState?.string {
      type += invitation == "PendingAcceptance" ? " (invitation not yet accepted)" : " (invitation \(invitation))"
    }
    lines.append("Type: " + type)
    // Graph returned the state, so a null here is its own null: cloud-only, no usage location.
    if state.onPremisesSyncEnabled == true {
      lines.append(
        "Synced from on-premises AD; last sync: "
          + (state.onPremisesLastSyncDateTime.map { stamp($0, now: now) } ?? "unknown"))
    } else {
      lines.append("Cloud-only (not synced from on-premises AD)")
    }
    if let employee = state.employeeId { lines.append("Employee id: \(employee)") }
    lines.append("Usage location: " + (state.usageLocation?.string ?? "not set (licences cannot be assigned)"))
    return lines
  }

  static func deviceLine(_ device: PersonDevice, now: Date) -> String {
    let name = device.displayName?.string ?? device.id
    let os = [device.operatingSystem?.string, device.operatingSystemVersion?.string].compactMap { $0 }.joined(
      separator: " ")
    var parts = [name, os.isEmpty ? "unknown OS" : os, device.relation.rawValue]
    parts.append("compliant: " + yesNo(device.isCompliant))
    parts.append("managed: " + yesNo(device.isManaged))
    if let last = device.approximateLastSignInDateTime { parts.append("last sign-in ≈ " + age(of: last, now: now)) }
    return parts.joined(separator: " · ")
  }

  /// A part's lines, or one line saying why it is missing. Lacking scopes is said quietly: the
  /// part was simply not asked.
  public static func part<Value>(_ part: HealthPart, _ outcome: HealthOutcome<Value>, _ body: (Value) -> [String])
    -> [String]
  {
    switch outcome {
    case .notAsked: return []
    case .loaded(let value): return body(value)
    case .refused(let text): return [text]
    case .failed(let error): return ["\(part.title): could not be read (\(describe(error)))"]
    case .lacking(let missing):
      return ["\(part.title): not asked (the sign-in lacks \(missing.joined(separator: ", ")))"]
    }
  }

  static func describe(_ error: DirectoryError) -> String {
    switch error {
    case .offline(let text), .permissionDenied(let text), .malformedResponse(let text), .unsupportedQuery(let text):
      return text
    case .throttled: return "Microsoft Graph is throttling"
    case .personalAccount: return "a personal account has no directory"
    case .signInRequired: return "sign in again"
    case .notFound: return "not found"
    case .service(let status, _, let message): return "HTTP \(status): \(message)"
    case .cancelled: return "cancelled"
    }
  }

  static func yesNo(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "unknown" }

  /// One sign-in as a line: time, result in words, application, client, address and place, and
  /// the Conditional Access result when it failed the sign-in.
  public static func signInLine(_ entry: SignInLogEntry, now: Date) -> String {
    var parts = [stamp(entry.createdDateTime, now: now)]
    parts.append(entry.succeeded ? "OK" : "FAILED \(entry.errorCode): \(entry.explanation)")
    parts.append(entry.appDisplayName?.string ?? "unknown app")
    if let client = entry.clientAppUsed?.string { parts.append(client) }
    // Said because signInActivity keeps the two kinds' last attempts apart.
    if entry.isInteractive == false { parts.append("non-interactive") }
    parts.append((entry.ipAddress?.string ?? "no address") + (entry.place.map { " (\($0))" } ?? ""))
    if let access = entry.conditionalAccessStatus?.string, access == "failure" {
      let names = entry.failedPolicies.map(\.string).joined(separator: ", ")
      parts.append("Conditional Access failed" + (names.isEmpty ? "" : ": " + names))
    }
    return parts.joined(separator: " · ")
  }
}
