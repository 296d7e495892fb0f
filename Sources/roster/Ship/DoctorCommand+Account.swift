import Foundation
import Identity
import Index
import RosterCore

/// The signed-in account and the scopes its access token really carries (its `scp` claim, read
/// from a token the session holds or refreshes now) against what each feature needs.
enum DoctorAccount {
  struct Feature {
    var name: String
    /// A problem when missing; otherwise a note (the feature is simply off).
    var required: Bool
    /// Any one of these (case-insensitive) is enough.
    var anyOf: [String]
    var without: String
    /// Whether a person may consent to `anyOf[0]` alone (Microsoft's permission reference:
    /// User.ReadBasic.All, Presence.Read.All and Calendars.ReadBasic need no administrator; User.Read.All and
    /// GroupMember.Read.All do), so the fix does not send them to an administrator needlessly.
    var userConsentable = false

    var fix: String {
      "add \(anyOf[0]) to scopes (settings or ROSTER_SCOPES), "
        + (userConsentable
          ? "then roster login and consent to it yourself when asked (unless your organisation has turned user consent off)"
          : "have an administrator consent to it, then roster login")
    }
  }

  static let features = [
    Feature(
      name: "Search and details", required: true,
      anyOf: [
        "User.ReadBasic.All", "User.Read.All", "User.ReadWrite.All", "Directory.Read.All", "Directory.ReadWrite.All",
      ],
      without: "no one can be looked up", userConsentable: true),
    Feature(
      name: "Full profiles", required: false,
      anyOf: ["User.Read.All", "User.ReadWrite.All", "Directory.Read.All", "Directory.ReadWrite.All"],
      without: "names and mail only: no job title, department, phones or manager"),
    Feature(
      name: "Presence", required: false, anyOf: ["Presence.Read.All", "Presence.ReadWrite.All"],
      without: "no Teams presence", userConsentable: true),
    Feature(
      name: "Groups", required: false,
      anyOf: ["GroupMember.Read.All", "Group.Read.All", "Directory.Read.All", "Group.ReadWrite.All"],
      without: "no groups, members or distribution lists"),
    Feature(
      name: "Rooms", required: false, anyOf: [RoomClient.permission, "Place.ReadWrite.All"],
      without: "no meeting rooms (roster rooms)"),
    // getSchedule's permissions table: Calendars.ReadBasic is the least, Calendars.Read and
    // Calendars.ReadWrite include it; none needs an administrator.
    Feature(
      name: "Free/busy", required: false,
      anyOf: [ScheduleClient.permission, "Calendars.Read", "Calendars.ReadWrite"],
      without: "no roster free, and no local time, working hours or today in the pane and roster show",
      userConsentable: true),
    Feature(
      name: "Your people first", required: false, anyOf: [WorksWithClient.permission, "People.Read.All"],
      without: "searches do not know whom you work with (the people you opened still come first)",
      userConsentable: true),
  ]

  static func check(settings: Settings, common: CommonOptions, store: any TokenStore) async -> ([DoctorCheck], Account?)
  {
    let runtime: CommandRuntime
    do {
      runtime = try common.makeRuntime(settings: settings)
    } catch let stop as CommandStop {
      return ([.problem("Account", stop.summary, fix: "see the Settings line above")], nil)
    } catch {
      return ([.problem("Account", "\(error)", fix: "see the Settings line above")], nil)
    }
    guard let account = await runtime.session.restoreSession() else {
      return ([.problem("Account", "not signed in", fix: "run roster login")], nil)
    }
    let who = "\(account.username) (tenant \(account.tenantId))"
    let scopes: [String]
    let source: String
    do {
      let token = try await runtime.session.accessToken(forceRefresh: false)
      if let claimed = scopesClaim(of: token.exposedValue) {
        scopes = claimed
        source = "the access token's scp claim"
      } else {
        scopes = account.grantedScopes
        source = "the sign-in's granted scopes (the token is not a JWT)"
      }
    } catch let failure as SignInFailure {
      return (
        [.problem("Account", "\(who): no access token: \(failure.displayLine)", fix: "run roster login")], account
      )
    } catch let required as SignInRequired {
      return (
        [.problem("Account", "\(who): \(required.failure.displayLine)", fix: "run roster login")], account
      )
    } catch {
      return (
        [.problem("Account", "\(who): no access token: \(error)", fix: "check the network, then roster login")], account
      )
    }
    var checks = [DoctorCheck.ok("Account", "\(who); scopes from \(source): \(scopes.joined(separator: " "))")]
    let held = Set(scopes.map(Account.permission(of:)))
    for feature in features {
      let granted = feature.anyOf.first { held.contains($0.lowercased()) }
      if let granted {
        checks.append(.ok("Scopes for \(feature.name.lowercased())", granted))
      } else {
        let fix = feature.fix
        checks.append(
          feature.required
            ? .problem(
              "Scopes for \(feature.name.lowercased())",
              "the token has none of \(feature.anyOf.joined(separator: ", ")): \(feature.without)", fix: fix)
            : .note("Scopes for \(feature.name.lowercased())", "not granted: \(feature.without)", fix: fix))
      }
    }
    checks += opsChecks(scopes: scopes)
    return (checks, account)
  }

  /// The account-health parts (issue 33) for those who may: a note each, naming what it lacks;
  /// Graph checks the directory role and the tenant's licence only when asked.
  static func opsChecks(scopes: [String]) -> [DoctorCheck] {
    HealthPart.allCases.map { part in
      let requirement = part.requirement
      let missing = requirement.missing(from: scopes)
      let also = [
        requirement.roles.isEmpty ? nil : "a role such as \(requirement.roles[0])", requirement.licence,
      ].compactMap { $0 }
      let alsoText = also.isEmpty ? "" : " (Graph also wants " + also.joined(separator: " and ") + ")"
      guard missing.isEmpty else {
        return .note(
          "Ops: \(part.title.lowercased())", "not available: lacks \(missing.joined(separator: ", "))\(alsoText)",
          fix: "add \(missing.joined(separator: " ")) to scopes (settings or ROSTER_SCOPES), have an administrator "
            + "consent, then roster login")
      }
      return .ok("Ops: \(part.title.lowercased())", "scopes held\(alsoText)")
    }
  }

  /// The `scp` claim of a JWT access token; nil when the token is not a readable JWT.
  static func scopesClaim(of token: String) -> [String]? {
    let parts = token.split(separator: ".")
    guard parts.count == 3 else { return nil }
    var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while payload.count % 4 != 0 { payload += "=" }
    guard let data = Data(base64Encoded: payload),
      let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
      let scp = object["scp"] as? String
    else { return nil }
    return scp.split(separator: " ").map(String.init)
  }
}

/// The local index of the signed-in account: its file modes and how fresh it is.
enum DoctorIndex {
  /// Older than this and the index is stale (Roster refreshes it at every start).
  static let staleAfter: TimeInterval = 7 * 86_400

  static func check(settings: Settings, account: Account?, environment: [String: String]) -> [DoctorCheck] {
    guard settings.index else { return [.note("Index", "off (index in the settings or ROSTER_INDEX)")] }
    guard let account else { return [.note("Index", "no account, so no index to check")] }
    let location = IndexLocation(account: account, environment: environment)
    guard FileManager.default.fileExists(atPath: location.file.path) else {
      return [.note("Index", "none yet at \(location.file.path)", fix: "run roster index sync, or start roster")]
    }
    var checks: [DoctorCheck] = []
    let wide = location.allFiles.map(\.path).filter { (DoctorFiles.mode(of: $0) ?? 0) & 0o077 != 0 }
    if !wide.isEmpty {
      checks.append(
        .problem(
          "Index files", wide.joined(separator: ", ") + " readable by others",
          fix: wide.map { "chmod 600 \($0)" }.joined(separator: "; ")))
    }
    do {
      let index = try DirectoryIndex.open(location)
      let status = try index.status()
      guard status.complete, let last = status.lastSync else {
        checks.append(.note("Index", "\(location.file.path): no complete sync yet", fix: "run roster index sync"))
        return checks
      }
      let age = Date().timeIntervalSince(last)
      let summary = "\(NumberText.grouped(status.people)) people, synced \(IndexState.age(age))"
      checks.append(
        age > staleAfter
          ? .problem("Index", summary, fix: "run roster index sync (or start roster, which refreshes it)")
          : .ok("Index", "\(location.file.path) 0600, \(summary)"))
    } catch {
      checks.append(
        .problem(
          "Index", "\(location.file.path) cannot be read: \(error)",
          fix: "run roster index forget, then roster index sync"))
    }
    return checks
  }
}
