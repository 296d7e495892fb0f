import Foundation
import Sandbox
import TestSupport
import Testing

/// Issue 23 through the built binary: the log of a full run holds every call's ids and none of
/// the tokens and codes the sandbox issued; `roster doctor` passes against a healthy sandbox and
/// names each problem (stopped sandbox, skewed clock, missing scopes, a 0644 token cache);
/// `roster show <Tab>` completes names from the local index without the network.
@Suite(.serialized) struct ShipCommandTests {
  static func doctor(_ roster: RosterProcess) async throws -> (status: Int32, checks: [String: [String: Any]]) {
    let output = try await roster.run(["doctor", "--json"])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let checks = try #require(json["checks"] as? [[String: Any]])
    var byName: [String: [String: Any]] = [:]
    for check in checks { byName[check["name"] as? String ?? ""] = check }
    #expect((json["ok"] as? Bool) == (output.status == 0))
    return (output.status, byName)
  }

  static func status(_ check: [String: Any]?) -> String { check?["status"] as? String ?? "missing" }

  @Test func aFullRunLogsEveryCallAndNoSecretAndDoctorPasses() async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let roster = harness.roster()
      let debug = ["--log-level", "debug"]
      let login = try await roster.run(["login", "--device-code"] + debug)
      #expect(login.status == 0, "\(login.stderr)")
      let found = try await roster.run(["search", "--json", "a"] + debug)
      #expect(found.status == 0, "\(found.stderr)")
      let upn = try #require(
        ((try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])?.first?[
          "userPrincipalName"])
          as? String)
      #expect(try await roster.run(["show", upn] + debug).status == 0)
      #expect(try await roster.run(["index", "sync"] + debug).status == 0)
      #expect(try await roster.run(["status", "--refresh"] + debug).status == 0)

      let (status, checks) = try await Self.doctor(roster)
      #expect(status == 0, "\(checks)")
      for (name, check) in checks { #expect(Self.status(check) != "problem", "\(name): \(check)") }
      #expect(Self.status(checks["Authority"]) == "ok" && Self.status(checks["Clock"]) == "ok")
      #expect(Self.status(checks["Scopes for search and details"]) == "ok")
      #expect(Self.status(checks["Index"]) == "ok")

      let state = try #require(roster.environment["XDG_STATE_HOME"])
      let logPath = state + "/roster/roster.log"
      let log = try String(contentsOfFile: logPath, encoding: .utf8)
      let mode = (try FileManager.default.attributesOfItem(atPath: logPath)[.posixPermissions] as? Int) ?? 0
      #expect(mode == 0o600)
      let secrets = await harness.sandbox.issuedSecrets()
      #expect(secrets.count >= 5, "device code, user code, access, ID and refresh tokens: \(secrets.count)")
      for secret in secrets { #expect(!log.contains(secret), "a secret the sandbox issued is in the log") }
      #expect(!log.contains("Bearer ey"), "no Authorization header value")
      // What support needs: every call with method, host, path, status, duration and both ids.
      #expect(log.contains("HTTP POST") && log.contains("path=/\(harness.sandbox.tenantId)/oauth2/v2.0/token"))
      #expect(log.contains("path=/v1.0/users") && log.contains("status=200") && log.contains(" ms="))
      #expect(log.contains("client_request_id=") && log.contains("request_id="))
      #expect(log.contains("roster.identity: signed in") && log.contains("access token refreshed"))
      #expect(log.contains("index sync progress") && log.contains("index sync finished"))

      // `roster show <Tab>` in bash: names from the index, with the sandbox stopped.
      await harness.sandbox.stop()
      let binary = try #require(RosterBinary.url).path
      let script = """
        source <("\(binary)" completions bash)
        COMP_WORDS=("\(binary)" show aoife); COMP_CWORD=2; COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        _roster "\(binary)" aoife show; printf '%s\\n' "${COMPREPLY[@]}"
        """
      let completion = try await RosterProcess(executable: "/bin/bash", environment: roster.environment).run(
        ["-c", script])
      #expect(completion.stdout.contains("aoife.oconnor@contoso.onmicrosoft.com"), "\(completion)")

      // `roster search dep<Tab>` and `is:g<Tab>`: filter names, then values (this basic-profile
      // index holds no departments; with `:` out of bash's word breaks, as bash-completion has it).
      let filters = """
        source <("\(binary)" completions bash); COMP_WORDBREAKS=${COMP_WORDBREAKS//:}
        COMP_WORDS=("\(binary)" search dep); COMP_CWORD=2; COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        _roster "\(binary)" dep search; printf '%s\\n' "${COMPREPLY[@]}"
        COMP_WORDS=("\(binary)" search is:g); COMP_CWORD=2; COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        _roster "\(binary)" is:g search; printf '%s\\n' "${COMPREPLY[@]}"
        """
      let words = try await RosterProcess(executable: "/bin/bash", environment: roster.environment).run(["-c", filters])
      #expect(words.stdout.contains("dept:"), "\(words)")
      #expect(words.stdout.contains("is:guest"), "\(words)")
    }
  }

  @Test func doctorNamesMissingScopesAWideTokenCacheAndAStoppedSandbox() async throws {
    let harness = try await SandboxHarness.start(configure: { $0.approveAfter = .milliseconds(200) })
    defer { harness.directory.remove() }
    let narrow = harness.roster(state: "narrow", extra: ["ROSTER_SCOPES": "openid profile offline_access User.Read"])
    #expect(try await narrow.run(["login", "--device-code"]).status == 0)
    let (narrowStatus, narrowChecks) = try await Self.doctor(narrow)
    #expect(narrowStatus == 1)
    let scopes = narrowChecks["Scopes for search and details"]
    #expect(Self.status(scopes) == "problem" && (scopes?["fix"] as? String ?? "").contains("User.ReadBasic.All"))

    let roster = harness.roster()
    #expect(try await roster.run(["login", "--device-code"]).status == 0)
    let cache = try #require(roster.environment["XDG_STATE_HOME"]) + "/roster/tokens-default.json"
    chmod(cache, 0o644)
    // Issue 28: doctor's own reading of the cache repairs it, so it says "repaired now" (a note
    // with what to do), not a failure to fix what is fixed.
    let (wideStatus, wideChecks) = try await Self.doctor(roster)
    #expect(wideStatus == 0)
    let token = wideChecks["Token cache"]
    let summary = token?["summary"] as? String ?? ""
    #expect(Self.status(token) == "note" && summary.contains("0644") && summary.contains("repaired now"))
    #expect((token?["fix"] as? String ?? "").contains("roster login"))

    // The words, for NO_COLOR and pipes: a note on the token cache's line, with what to do.
    chmod(cache, 0o644)
    let text = try await harness.roster(extra: ["NO_COLOR": "1"]).run(["doctor"])
    let line = DoctorWrapCommandTests.checks(text.stdout).first { $0.contains("Token cache") } ?? ""
    #expect(line.hasPrefix("· note") && line.contains("repaired now to 0600 →"), "\(text.stdout)")

    await harness.sandbox.stop()
    let (stoppedStatus, stoppedChecks) = try await Self.doctor(roster)
    #expect(stoppedStatus == 1)
    let authority = stoppedChecks["Authority"]
    #expect(Self.status(authority) == "problem" && (authority?["summary"] as? String ?? "").contains("cannot reach"))
  }

  @Test func doctorSeesTheServersSkewedClock() async throws {
    try await SandboxHarness.with(configure: { $0.dateSkew = 3600 }) { harness in
      let (status, checks) = try await Self.doctor(harness.roster())
      #expect(status == 1)
      let clock = checks["Clock"]
      #expect(Self.status(clock) == "problem", "\(checks)")
      #expect((clock?["summary"] as? String ?? "").contains("behind"))
      #expect(Self.status(checks["Authority"]) == "ok")
    }
  }
}
