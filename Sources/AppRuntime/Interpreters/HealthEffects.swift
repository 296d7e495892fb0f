import RosterCore

/// The pane's Account section (issue 33): every part the scopes allow, each its own request
/// (`HealthClient.accountHealth`), and the person's recent failed sign-ins, filed under
/// `.health` so a newer request cancels the one in flight. Nothing here reaches the index.
struct HealthEffects: EffectInterpreter {
  let health: HealthClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    guard case .loadHealth(let personID, let scopes, let requestID) = effect else { return }
    let client = health
    jobs.startCall(.health, feedback) { _ in
      async let parts = client.accountHealth(id: personID, scopes: scopes)
      let query = SignInQuery(userID: personID, failedOnly: true, limit: HealthState.paneSignIns)
      async let failures = HealthClient.outcome(.signIns, scopes) { try await client.signIns(query) { _ in } }
      // The roles (issue 43) in the same load, only when the scopes may read them.
      async let roles = Self.roles(client, personID, scopes)
      var report = HealthReport(health: await parts, failedSignIns: await failures)
      report.roles = await roles
      return .health(.loaded(id: requestID, personID: personID, report))
    }
  }

  /// Not asked (and no line) without a role-reading permission or a roles client.
  static func roles(_ client: HealthClient, _ id: String, _ scopes: [String]) async -> HealthOutcome<PersonRoles> {
    guard let read = client.roles, PersonRoles.mayAsk(scopes: scopes) else { return .notAsked }
    return .loaded(await read(id) { _ in })
  }
}
