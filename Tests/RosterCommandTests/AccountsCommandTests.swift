import Foundation
import RosterCore
import Sandbox
import TestSupport
import Testing

@testable import Identity

/// Several accounts through the built `roster` (issue 21): two tenants of the sandbox, the same
/// person a member of one and a guest (`#EXT#`) in the other; `roster accounts`, `--account`,
/// `ROSTER_ACCOUNT`, `logout --account`, each tenant's own index; and SIGKILL during logins and
/// switches losing no account.
@Suite(.serialized) struct AccountsCommandTests {
  /// Both tenants running, approving device codes by themselves; `body` gets the harness (home
  /// tenant) and the second tenant. Both are always stopped.
  static func withTwoTenants(_ body: (SandboxHarness, RunningSandbox) async throws -> Void) async throws {
    var second: RunningSandbox?
    do {
      try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
        var configuration = SandboxConfiguration()
        configuration.size = 50
        configuration.deviceCodeInterval = 1
        configuration.approveAfter = .milliseconds(200)
        configuration.executor = DedicatedExecutor.shared
        second = try await SandboxServer.startSecondTenant(configuration, home: harness.sandbox)
        try await body(harness, second!)
        await second?.stop()
        second = nil
      }
    } catch {
      await second?.stop()
      throw error
    }
  }

  /// `roster login` to the home tenant (named "work"), then to the second tenant as the guest.
  static func signInToBoth(_ roster: RosterProcess, second: RunningSandbox) async throws {
    let home = try await roster.run(["login", "--device-code", "--name", "work"])
    #expect(home.status == 0, "\(home.stderr)")
    let guest = try await roster.run([
      "login", "--device-code", "--authority", second.authority.absoluteString, "--graph-url",
      second.graphURL.absoluteString,
    ])
    #expect(guest.status == 0, "\(guest.stderr)")
    #expect(guest.stderr.contains("#EXT#@fabrikam.onmicrosoft.com"), "\(guest.stderr)")
  }

  static func accounts(_ roster: RosterProcess) async throws -> [[String: Any]] {
    let listed = try await roster.run(["accounts", "--json"])
    #expect(listed.status == 0, "\(listed.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
  }

  /// The user principal names a search finds (`--top 10` of "a").
  static func domains(_ output: RosterProcess.Output) throws -> Set<String> {
    let people = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
    return Set(people.compactMap { ($0["userPrincipalName"] as? String)?.split(separator: "@").last.map(String.init) })
  }

  @Test func twoTenantsOneAsGuestEachWithItsOwnPeopleAndIndex() async throws {
    try await Self.withTwoTenants { harness, second in
      let roster = harness.roster()
      try await Self.signInToBoth(roster, second: second)

      var listed = try await Self.accounts(roster)
      #expect(listed.count == 2)
      let byTenant = Dictionary(uniqueKeysWithValues: listed.map { ($0["tenantId"] as? String ?? "", $0) })
      let homeEntry = try #require(byTenant[harness.sandbox.tenantId])
      let guestEntry = try #require(byTenant[SandboxServer.secondTenantId])
      #expect(homeEntry["username"] as? String == harness.sandbox.defaultUsername)
      #expect((guestEntry["username"] as? String)?.hasSuffix("#EXT#@fabrikam.onmicrosoft.com") == true)
      #expect(guestEntry["active"] as? Bool == true, "the last sign-in is the active account")
      #expect(homeEntry["active"] as? Bool == false)
      #expect(homeEntry["name"] as? String == "work")
      #expect(guestEntry["graphEndpoint"] as? String == second.graphURL.absoluteString)

      // The active account (the guest) is used although the environment names the home tenant.
      let asGuest = try await roster.run(["search", "a", "--top", "10", "--json"])
      #expect(asGuest.status == 0, "\(asGuest.stderr)")
      #expect(try Self.domains(asGuest) == ["fabrikam.onmicrosoft.com"])
      // --account for one call, without switching.
      let asHome = try await roster.run(["search", "a", "--top", "10", "--json", "--account", "work"])
      #expect(asHome.status == 0, "\(asHome.stderr)")
      #expect(try Self.domains(asHome) == ["contoso.onmicrosoft.com"])
      // ROSTER_ACCOUNT too; the flag beats it.
      let homeNumber = String(try #require(homeEntry["number"] as? Int))
      let guestNumber = String(try #require(guestEntry["number"] as? Int))
      let byEnvironment = harness.roster(extra: ["ROSTER_ACCOUNT": homeNumber])
      #expect(
        try Self.domains(try await byEnvironment.run(["search", "a", "--top", "10", "--json"])) == [
          "contoso.onmicrosoft.com"
        ])
      let flagOverEnvironment = try await byEnvironment.run([
        "search", "a", "--top", "10", "--json", "--account", guestNumber,
      ])
      #expect(try Self.domains(flagOverEnvironment) == ["fabrikam.onmicrosoft.com"])

      // A named account that is not signed in: exit 3, never another identity.
      let missing = try await roster.run(["search", "a", "--account", "nobody@nowhere.example"])
      #expect(missing.status == 3)
      #expect(missing.stdout.isEmpty)
      #expect(missing.stderr.contains("No account “nobody@nowhere.example” is signed in"), "\(missing.stderr)")
      #expect(try await roster.run(["accounts", "use", "7"]).status == 3)

      // Each tenant's own index, answering offline.
      #expect(try await roster.run(["index", "sync", "--account", "work"]).status == 0)
      #expect(try await roster.run(["index", "sync"]).status == 0)
      let offlineHome = try await roster.run(["search", "a", "--top", "10", "--json", "--offline", "--account", "work"])
      #expect(offlineHome.status == 0, "\(offlineHome.stderr)")
      #expect(try Self.domains(offlineHome) == ["contoso.onmicrosoft.com"])
      let offlineGuest = try await roster.run(["search", "a", "--top", "10", "--json", "--offline"])
      #expect(try Self.domains(offlineGuest) == ["fabrikam.onmicrosoft.com"])

      // Switching the active account.
      let use = try await roster.run(["accounts", "use", "work"])
      #expect(use.status == 0, "\(use.stderr)")
      #expect(use.stderr.contains("Now using \(harness.sandbox.defaultUsername)"))
      listed = try await Self.accounts(roster)
      #expect(listed.first { $0["tenantId"] as? String == harness.sandbox.tenantId }?["active"] as? Bool == true)
      #expect(
        try Self.domains(try await roster.run(["search", "a", "--top", "10", "--json"])) == [
          "contoso.onmicrosoft.com"
        ])

      // Logging out the guest removes its tokens and index; the home account stays signed in.
      let indexFiles = { () -> [String] in
        let cache = harness.directory.url.appendingPathComponent("cache/roster")
        return ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).filter {
          $0.hasPrefix("index-") && $0.hasSuffix(".sqlite")
        }
      }
      #expect(indexFiles().count == 2)
      let logout = try await roster.run(["logout", "--account", guestNumber])
      #expect(logout.status == 0, "\(logout.stderr)")
      #expect(indexFiles().count == 1)
      #expect(indexFiles().first?.contains(harness.sandbox.tenantId) == true)
      listed = try await Self.accounts(roster)
      #expect(listed.map { $0["tenantId"] as? String } == [harness.sandbox.tenantId])
      #expect(try await roster.run(["search", "a", "--json"]).status == 0)
      #expect(try await roster.run(["logout", "--account", "fabrikam"]).status == 3)

      let all = try await roster.run(["logout", "--all"])
      #expect(all.status == 0)
      #expect(try await Self.accounts(roster).isEmpty)
      #expect(indexFiles().isEmpty)
      #expect(try await roster.run(["search", "a"]).status == 3)
    }
  }

  /// Issue 40 item 4: logging out the active account makes the other one active, and every command
  /// agrees on it: `logout` names it, `accounts` marks it, `status` reports it signed in, `search`
  /// answers as it.
  @Test func loggingOutTheActiveAccountMakesTheOtherActiveEverywhere() async throws {
    try await Self.withTwoTenants { harness, second in
      let roster = harness.roster()
      try await Self.signInToBoth(roster, second: second)
      let logout = try await roster.run(["logout"])
      #expect(logout.status == 0, "\(logout.stderr)")
      #expect(logout.stderr.contains("#EXT#@fabrikam.onmicrosoft.com"), "\(logout.stderr)")
      #expect(
        logout.stderr.contains("Active account now \(harness.sandbox.defaultUsername)"), "\(logout.stderr)")

      let listed = try await Self.accounts(roster)
      #expect(listed.count == 1)
      #expect(
        listed.first?["active"] as? Bool == true && listed.first?["tenantId"] as? String == harness.sandbox.tenantId)
      let status = try await roster.run(["status"])
      #expect(status.status == 0, "\(status.stdout)\(status.stderr)")
      #expect(status.stdout.contains("Account:   \(harness.sandbox.defaultUsername)"), "\(status.stdout)")
      #expect(
        try Self.domains(try await roster.run(["search", "a", "--top", "10", "--json"])) == ["contoso.onmicrosoft.com"])

      // The last account out leaves none active, and every command says so alike.
      let last = try await roster.run(["logout"])
      #expect(last.status == 0 && !last.stderr.contains("Active account now"), "\(last.stderr)")
      #expect(try await roster.run(["status"]).status == 3)
      #expect(try await roster.run(["search", "a"]).status == 3)
    }
  }

  /// A cache written before several accounts keeps working: the account is still signed in.
  @Test func anOldCacheStillSignsIn() async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let roster = harness.roster()
      #expect(try await roster.run(["login", "--device-code"]).status == 0)
      // Rewrite the cache with the keys of the previous format (`authority|oid.tid`).
      let store = harness.fileStore()
      let current = try store.snapshot()
      var old = TokenCacheFile()
      for (_, entry) in current.accounts {
        var entry = entry
        entry.graphEndpoint = nil
        let key = "\(entry.account.authority.lowercased())|\(entry.account.homeAccountId)"
        old.accounts[key] = entry
        old.activeAccount = key
      }
      try store.writeFile(old)
      let search = try await roster.run(["search", "a", "--json"])
      #expect(search.status == 0, "\(search.stderr)")
      let listed = try await Self.accounts(roster)
      #expect(listed.count == 1 && listed.first?["active"] as? Bool == true)
    }
  }

  /// SIGKILL at any moment of a login or a switch, 50 times: every other account stays signed
  /// in, the cache stays readable (never moved aside) and private.
  @Test func killingRosterDuringLoginsAndSwitchesLosesNoAccount() async throws {
    try await Self.withTwoTenants { harness, second in
      let roster = harness.roster()
      try await Self.signInToBoth(roster, second: second)
      let store = harness.fileStore()
      let before = try store.snapshot()
      #expect(before.accounts.count == 2)
      let binary = try #require(RosterBinary.url, "build roster first")
      for round in 0..<50 {
        let process = Process()
        process.executableURL = binary
        // Even rounds sign in again (the home tenant, replacing its tokens); odd rounds switch.
        process.arguments =
          round % 2 == 0
          ? ["login", "--device-code", "--name", "work"] : ["accounts", "use", round % 4 == 1 ? "1" : "2"]
        process.environment = harness.rosterEnvironment()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A different moment each round: before, during and after the cache is written.
        let delay = round % 2 == 0 ? (round * 67) % 1_300 : (round * 7) % 60
        try await Task.sleep(for: .milliseconds(delay))
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        let file = try store.snapshot()
        #expect(Set(file.accounts.keys) == Set(before.accounts.keys), "round \(round)")
        #expect(file.accounts.values.allSatisfy { $0.refreshToken != nil }, "round \(round)")
        #expect(TemporaryDirectory.mode(store.fileURL.path) == 0o600)
      }
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: harness.stateDirectory.path)
        .filter { $0.contains(".corrupt-") }
      #expect(leftovers.isEmpty)
      // Both still work.
      #expect(try await roster.run(["search", "a", "--account", "1"]).status == 0)
      #expect(try await roster.run(["search", "a", "--account", "2"]).status == 0)
    }
  }

  /// B2C beside Entra (item 5): a settings file whose top level is the Entra tenant and whose
  /// "shop" profile is the B2C policy with the task API; both signed in, the task list and the
  /// people search are reached by switching accounts (or naming the profile), never by editing
  /// settings or signing in again.
  @Test func aB2CProfileAndAnEntraAccountBothSignedIn() async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let sandbox = harness.sandbox
      let folder = harness.directory.url.appendingPathComponent("both")
      let bin = folder.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let opener = bin.appendingPathComponent("xdg-open")
      try BrowserLoginCommandTests.fakeOpener.write(to: opener, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
      let settings: [String: Any] = [
        "clientId": sandbox.clientId, "authority": sandbox.authority.absoluteString,
        "graphEndpoint": sandbox.graphURL.absoluteString,
        "profiles": [
          "shop": [
            "authority": sandbox.b2cAuthority.absoluteString, "taskAPI": sandbox.baseURL.absoluteString,
            "signIn": "browser", "scopes": (["openid", "offline_access"] + sandbox.taskScopes).joined(separator: " "),
          ]
        ],
      ]
      let file = folder.appendingPathComponent("settings.plist")
      try PropertyListSerialization.data(fromPropertyList: settings, format: .xml, options: 0).write(to: file)
      // Only the settings file says where to sign in (empty variables count as unset).
      let roster = harness.roster(
        state: "both/state",
        extra: [
          "ROSTER_CONFIG": file.path, "ROSTER_AUTHORITY": "", "ROSTER_CLIENT_ID": "", "ROSTER_GRAPH_URL": "",
          "PATH": "\(bin.path):/usr/bin:/bin", "DISPLAY": ":99",
          "FAKE_OPENER_LOG": folder.appendingPathComponent("opened.txt").path,
        ])
      let entra = try await roster.run(["login", "--device-code"])
      #expect(entra.status == 0, "\(entra.stderr)")
      let b2c = try await roster.run(["login", "--browser", "--profile", "shop"])
      #expect(b2c.status == 0, "\(b2c.stderr)")
      let listed = try await Self.accounts(roster)
      #expect(listed.count == 2)
      let shop = try #require(listed.first { $0["profile"] as? String == "shop" })
      let people = try #require(listed.first { $0["profile"] == nil })
      #expect(shop["active"] as? Bool == true)

      // The B2C account is active: the task list, with the task API of its own profile.
      let tasks = try await roster.run(["tasks"])
      #expect(tasks.status == 0, "\(tasks.stderr)")
      #expect(tasks.stdout.contains("Add a task"))
      // Switching to the Entra account reaches the people; the B2C one stays signed in.
      let use = try await roster.run(["accounts", "use", String(try #require(people["number"] as? Int))])
      #expect(use.status == 0)
      let search = try await roster.run(["search", "a", "--json"])
      #expect(search.status == 0, "\(search.stderr)")
      #expect(search.stdout.contains("contoso"))
      // Naming the profile finds its account without switching.
      let again = try await roster.run(["tasks", "--profile", "shop"])
      #expect(again.status == 0, "\(again.stderr)")
      #expect(try await Self.accounts(roster).count == 2)
    }
  }
}
