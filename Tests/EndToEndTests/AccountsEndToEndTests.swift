import Foundation
import TestSupport
import Testing

/// Issue 21's "Done when" as a person does it: signed in to two tenants of the sandbox (in the
/// second as a guest), switching by keys at 80×24 and 40×12, each tenant's own people (and,
/// offline, each tenant's own index), never one tenant's person under the other's name, even when
/// a slow answer from the first arrives after the switch.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct AccountsEndToEndTests {
  /// The tenant id's first block, as the status line and picker name a tenant.
  static let homeMark = "5b1c5f4e"
  static let guestMark = "8e2d4b7a"

  @Test func twoTenantsSwitchedByKeysNeverMixed() throws {
    let binary = try #require(RosterBinary.url, "build roster first")
    let run = try RosterInTmux()
    defer { run.finish() }
    let sandbox = try SandboxProcess(binary: binary, arguments: ["--second-tenant", "--size", "300"])
    defer { sandbox.stop() }
    let secondURL = try #require(sandbox.secondURL)
    let secondTenant = try #require(sandbox.secondTenant)
    let dir = run.work.path
    let environment = sandbox.environment.merging([
      "HOME": dir, "XDG_STATE_HOME": "\(dir)/state", "XDG_CONFIG_HOME": "\(dir)/config",
      "XDG_CACHE_HOME": "\(dir)/cache", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "ROSTER_INDEX": "off",
    ]) { $1 }
    #expect(
      try SandboxProcess.run(binary, ["login", "--device-code", "--name", "work"], environment: environment) == 0)
    #expect(
      try SandboxProcess.run(
        binary, ["login", "--device-code", "--authority", "\(secondURL)/\(secondTenant)", "--graph-url", secondURL],
        environment: environment) == 0)
    // One person of each tenant whom the other tenant does not have.
    let homePerson = try Self.personOnlyIn("work", not: "2", binary: binary, environment: environment)
    let guestPerson = try Self.personOnlyIn("2", not: "work", binary: binary, environment: environment)

    // The guest account is active (signed in last): its own people.
    try run.start([], environment: environment.filter { $0.key.hasPrefix("ROSTER_") }, cols: 80, rows: 24)
    let tmux = run.tmux
    try tmux.until("the people browser as the guest") { $0.contains("Search:") && $0.contains(Self.guestMark) }
    try tmux.type(guestPerson)
    try tmux.until("the guest tenant's person") { $0.contains(guestPerson) && $0.contains("fabrikam.onmicrosoft.com") }

    // Ctrl-T: both accounts, the current one marked; ↑ Enter switches to the home tenant.
    try tmux.keys("C-t")
    try tmux.until("the picker") { $0.contains("Accounts") && $0.contains("(guest)") && $0.contains("(work)") }
    try tmux.keys("Up", "Enter")
    try tmux.until("the home tenant, nothing of the guest's") {
      $0.contains(Self.homeMark) && !$0.contains(guestPerson) && !$0.contains("fabrikam.onmicrosoft.com")
    }
    try tmux.type(homePerson)
    try tmux.until("the home tenant's person") { $0.contains(homePerson) && $0.contains("contoso.onmicrosoft.com") }

    // A late answer from the home tenant arrives after switching to the guest: never shown. The
    // home tenant holds its answers until the switch is done (an event, not a latency that a
    // loaded machine could outrun), then lets them go while the screen is watched.
    try sandbox.fault(["match": "/v1.0/users*", "kind": "hold"])
    try tmux.keys("C-u")
    let slowQuery = String(homePerson.split(separator: " ").last ?? "")
    try tmux.type(slowQuery)
    try tmux.until("the slow search on the wire") { $0.contains("Searching") || $0.contains("Refining") }
    try tmux.keys("C-t")
    try tmux.until("the picker over the waiting search") { $0.contains("Accounts") }
    try tmux.keys("Down", "Enter")
    try tmux.until("the guest tenant again") { $0.contains(Self.guestMark) && $0.contains("Search:") }
    try sandbox.clearFaults()
    let switchedAt = Date()
    while Date().timeIntervalSince(switchedAt) < 4 {
      let screen = try tmux.capture()
      #expect(!screen.contains(homePerson), "the home tenant's late answer showed under the guest:\n\(screen)")
      #expect(!screen.contains("@contoso.onmicrosoft.com"), "\(screen)")
      usleep(100_000)
    }

    // 40×12: the picker fits, the status line still names user and tenant.
    try tmux.resize(cols: 40, rows: 12)
    try tmux.keys("C-t")
    try tmux.until("the picker at 40×12") { $0.contains("Accounts") && $0.contains("(guest)") }
    try tmux.keys("Up", "Enter")
    try tmux.until("the home tenant at 40×12") { $0.contains("aoife.oconnor · \(Self.homeMark)") }
    try tmux.type(String(homePerson.split(separator: " ").first ?? ""))
    try tmux.until("the home person at 40×12") { $0.contains(String(homePerson.prefix(8))) }
    #expect(!(try tmux.capture()).contains("fabrikam"))
    try tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)

    // Offline, each tenant's own index: synced while online, then the sandbox is gone.
    var indexed = environment
    indexed["ROSTER_INDEX"] = "on"
    #expect(try SandboxProcess.run(binary, ["index", "sync", "--account", "work"], environment: indexed) == 0)
    #expect(try SandboxProcess.run(binary, ["index", "sync", "--account", "2"], environment: indexed) == 0)
    sandbox.stop()
    let offline = try RosterInTmux()
    defer { offline.finish() }
    try FileManager.default.createDirectory(atPath: offline.work.path, withIntermediateDirectories: true)
    for folder in ["state", "cache"] {
      try FileManager.default.copyItem(atPath: "\(dir)/\(folder)", toPath: offline.work.path + "/" + folder)
    }
    try offline.start(
      ["--account", "2"], environment: indexed.filter { $0.key.hasPrefix("ROSTER_") }, cols: 80, rows: 24)
    let screen = offline.tmux
    try screen.until("the guest account offline") { $0.contains("Search:") && $0.contains(Self.guestMark) }
    try screen.type(guestPerson)
    try screen.until("the guest tenant's person from its index") { $0.contains(guestPerson) && $0.contains("index") }
    try screen.keys("C-t")
    try screen.until("the picker offline") { $0.contains("Accounts") }
    try screen.keys("Up", "Enter")
    try screen.until("the home tenant offline") { $0.contains(Self.homeMark) && !$0.contains(guestPerson) }
    try screen.type(homePerson)
    try screen.until("the home tenant's person from its index") {
      $0.contains(homePerson) && $0.contains("index") && !$0.contains("fabrikam.onmicrosoft.com")
    }
    try screen.keys("C-c")
    #expect(try offline.waitForExit().status == 0)
  }

  /// The display name of someone `account` finds and `other` does not (plain two-word names).
  static func personOnlyIn(_ account: String, not other: String, binary: URL, environment: [String: String]) throws
    -> String
  {
    let people = try search(["search", "e", "--top", "40", "--json", "--account", account], binary, environment)
    for person in people {
      guard let name = person["displayName"] as? String, name.split(separator: " ").count == 2,
        name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == " ") }),
        (person["userType"] as? String ?? "Member") == "Member", !name.lowercased().contains("aoife")
      else { continue }
      let there = try search(["search", name, "--json", "--account", other], binary, environment)
      if there.isEmpty { return name }
    }
    throw TmuxError(message: "no person only in account \(account)")
  }

  static func search(_ arguments: [String], _ binary: URL, _ environment: [String: String]) throws -> [[String: Any]] {
    let child = Process()
    child.executableURL = binary
    child.arguments = arguments
    child.environment = environment
    let out = Pipe()
    child.standardOutput = out
    child.standardError = FileHandle.nullDevice
    try child.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
  }
}
