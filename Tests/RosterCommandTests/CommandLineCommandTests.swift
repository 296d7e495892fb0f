import Foundation
import TestSupport
import Testing

/// Issue 19, items 12 and 13, through the built binary as a new user meets it: `--demo` for the
/// commands, the messages and exit codes with nothing configured, and each command's help.
@Suite(.serialized) struct CommandLineCommandTests {
  /// A person with nothing configured: an empty HOME, XDG directories and TMPDIR inside it.
  static func newUser(_ home: URL) throws -> RosterProcess {
    let temporary = home.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    return RosterProcess(environment: [
      "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "TMPDIR": temporary.path,
      "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ])
  }

  /// `body` with a new user's `roster` (`newUser`) in a private home, removed afterwards.
  static func asNewUser(_ prefix: String, _ body: (RosterProcess) async throws -> Void) async throws {
    let home = TemporaryDirectory(prefix: prefix)
    defer { home.remove() }
    try await body(try newUser(home.url))
  }

  /// Every file and directory under `directory`, relative.
  static func contents(of directory: URL) -> [String] {
    (FileManager.default.subpaths(atPath: directory.path) ?? []).sorted()
  }

  @Test func demoWorksForTheCommandsAndLeavesNothingOnDisk() async throws {
    let home = TemporaryDirectory(prefix: "roster-cli-demo")
    defer { home.remove() }
    let roster = try Self.newUser(home.url)

    let before = try await roster.run(["--demo", "search", "zoe", "--csv"])
    #expect(before.status == 0, "\(before.stderr)")
    #expect(before.stdout.contains("Zoë Lefèvre"), "\(before.stdout)")
    let after = try await roster.run(["search", "--demo", "zoe", "--json"])
    #expect(after.status == 0, "\(after.stderr)")
    let people = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
    let id = try #require(people.first?["id"] as? String)

    let shown = try await roster.run(["show", "--demo", id, "--json"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains(people.first?["displayName"] as? String ?? "?"))

    let query = try await roster.run(["query", "--demo", "zoe"])
    #expect(query.status == 0, "\(query.stderr)")
    #expect(query.stdout.hasPrefix("roster: \(people.count) addresses for 'zoe'\n"), "\(query.stdout)")

    let status = try await roster.run(["status", "--demo", "--json"])
    #expect(status.status == 0, "\(status.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    #expect(report["signedIn"] as? Bool == true)
    #expect(report["cache"] as? String == "memory only (--demo)")

    let sync = try await roster.run(["--demo", "index", "sync"])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("Indexed"), "\(sync.stderr)")

    let tasks = try await roster.run(["tasks", "--demo"])
    #expect(tasks.status == 0, "\(tasks.stderr)")
    #expect(tasks.stdout.contains("Add a task"), "\(tasks.stdout)")
    let added = try await roster.run(["tasks", "add", "--demo", "Water", "the", "plants"])
    #expect(added.status == 0 && added.stdout.contains("Water the plants"), "\(added.stderr)")

    let offline = try await roster.run(["search", "--demo", "--offline", "zoe"])
    #expect(offline.status == 2, "every --demo run is a new tenant: no index to read")
    #expect(offline.stderr.contains("--offline"))

    // No token cache, index, settings or throw-away directory is left behind.
    #expect(Self.contents(of: home.url) == ["tmp"], "\(Self.contents(of: home.url))")
  }

  @Test func withNothingConfiguredEachCommandSaysWhatIsMissingOnce() async throws {
    let home = TemporaryDirectory(prefix: "roster-cli-new")
    defer { home.remove() }
    let roster = try Self.newUser(home.url)
    let checklistLine = "Microsoft Entra ID > App registrations"

    let query = try await roster.run(["query", "zoe"])
    #expect(query.status == 3)
    #expect(query.stdout.split(separator: "\n").count == 1, "mutt shows one line: \(query.stdout)")
    #expect(query.stdout.contains("no client id") && !query.stdout.contains("not signed in"), "\(query.stdout)")
    #expect(query.stderr.components(separatedBy: checklistLine).count == 2, "the checklist once: \(query.stderr)")

    let search = try await roster.run(["search", "zoe"])
    #expect(search.status == 3)
    #expect(search.stderr.components(separatedBy: checklistLine).count == 2, "\(search.stderr)")

    let tasks = try await roster.run(["tasks"])
    #expect(tasks.status == 2, "docs/guide-search.md promises exit 2 for no taskAPI: \(tasks.stderr)")
    #expect(tasks.stderr.contains("taskAPI") && !tasks.stderr.contains(checklistLine), "\(tasks.stderr)")
  }

  /// Issue 22 item 5: the sandbox generates up to a million people, and says so above that.
  @Test func theSandboxRefusesMoreThanAMillionPeopleWithTheLimitNamed() async throws {
    let home = TemporaryDirectory(prefix: "roster-cli-size")
    defer { home.remove() }
    let roster = try Self.newUser(home.url)
    let refused = try await roster.run(["sandbox", "--size", "1000001"])
    #expect(refused.status == 2, "\(refused.stderr)")
    #expect(refused.stderr.contains("--size must be 1…1000000"), "\(refused.stderr)")
    let help = try await roster.run(["sandbox", "--help"])
    #expect(help.stdout.contains("1…1000000"), "\(help.stdout)")
  }

  @Test func helpShowsEachCommandsOwnOptionsFirstAndOnlyTheOnesThatMeanSomething() async throws {
    let home = TemporaryDirectory(prefix: "roster-cli-help")
    defer { home.remove() }
    let roster = try Self.newUser(home.url)
    func help(_ arguments: [String]) async throws -> [String] {
      let output = try await roster.run(arguments + ["--help"])
      #expect(output.status == 0, "\(arguments): \(output.stderr)")
      return output.stdout.components(separatedBy: "\n")
    }
    func line(_ lines: [String], _ option: String) -> Int? {
      lines.firstIndex { $0.hasPrefix("  \(option) ") || $0 == "  \(option)" }
    }

    let logout = try await help(["logout"])
    #expect(line(logout, "--all") != nil)
    for meaningless in ["--redirect-port", "--no-persist", "--demo"] {
      #expect(!logout.joined().contains(meaningless), "logout offers \(meaningless)")
    }
    for command in [["search"], ["show"], ["query"], ["status"], ["index", "sync"], ["tasks", "list"]] {
      let lines = try await help(command)
      #expect(!lines.joined().contains("--redirect-port"), "\(command) offers --redirect-port")
      #expect(line(lines, "--demo") != nil, "\(command) lacks --demo")
    }
    let search = try await help(["search"])
    let own = try #require(line(search, "--top <top>"))
    let shared = try #require(line(search, "--config <file>"))
    #expect(own < shared, "search's own options come before the shared settings overrides")
    let login = try await help(["login"])
    #expect(line(login, "--redirect-port <port>") != nil)

    let sandbox = try await help(["sandbox"])
    let sandboxUsage = try #require(sandbox.first { $0.hasPrefix("USAGE:") })
    #expect(!sandboxUsage.hasSuffix(" <options>"), "every sandbox option is optional: \(sandboxUsage)")

    let root = try await help([])
    let usage = try #require(root.first { $0.hasPrefix("USAGE:") })
    #expect(!usage.hasSuffix("<subcommand>"), "`roster` alone opens the UI: \(usage)")
    #expect(root.joined(separator: "\n").contains("roster <subcommand> [<options>]"))
  }
}
