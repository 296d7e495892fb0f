import Foundation
import TestSupport
import Testing

/// Issue 28 items 7 and 13 through the built binary: `roster show` refuses an argument that names
/// no one before sending anything, moved-aside token caches never replace each other, and
/// `--demo` is refused where it means nothing and makes its own index where one is needed.
@Suite(.serialized) struct SecondPassCommandTests {
  @Test func showWithAnEmptyOrQueryLikeArgumentIsAUsageErrorSendingNothing() async throws {
    try await CommandTests.withSignedInRoster(people: CommandTests.people) { roster, _, harness in
      try await harness.clearRequests()
      for key in ["", "   ", "$filter=x", "Zed Specialist", "Zed", "zed.specialist"] {
        let shown = try await roster.run(["show", key])
        #expect(shown.status == 2, "\(key): \(shown.stderr)")
        #expect(
          shown.stderr.contains(
            "roster show takes an object id, a user principal name, a mail address, an alias or an employee id"),
          "\(shown.stderr)")
        #expect(!shown.stderr.contains("service"), "\(shown.stderr)")
      }
      #expect(try await harness.requests().isEmpty, "a usage error sends Graph nothing")
      // What `show` takes still works.
      #expect(try await roster.run(["show", "zed@contoso.test"]).status == 0)
      #expect(try await roster.run(["show", "20000000-0000-4000-8000-000000000002"]).status == 0)
    }
  }

  /// Four corruptions in quick succession keep four files: each may hold other accounts' tokens.
  @Test func corruptTokenCachesMovedAsideNeverReplaceEachOther() async throws {
    let home = try StateFilesCommandTests.Home()
    defer { home.remove() }
    try FileManager.default.createDirectory(at: home.cacheDirectory, withIntermediateDirectories: true)
    chmod(home.cacheDirectory.path, 0o700)
    let cache = home.cacheDirectory.appendingPathComponent("tokens-default.json")
    for round in 1...4 {
      let garbage = Data("{\"accounts\": [truncated \(round)".utf8)
      FileManager.default.createFile(atPath: cache.path, contents: garbage, attributes: [.posixPermissions: 0o600])
      let status = try await home.roster.run(["status"])
      #expect(status.stderr.contains("moved it to"), "\(status.stderr)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: home.cacheDirectory.path)
    let aside = names.filter { $0.hasPrefix("tokens-default.json.corrupt-") }
    #expect(aside.count == 4, "\(names)")
    let kept = Set(
      try aside.map { try String(contentsOf: home.cacheDirectory.appendingPathComponent($0), encoding: .utf8) })
    #expect(kept.count == 4, "each corrupt file kept its own contents")
  }

  @Test func demoIsRefusedWithASentenceWhereItMeansNothing() async throws {
    let home = TemporaryDirectory(prefix: "roster-demo-refused")
    defer { home.remove() }
    let roster = try CommandLineCommandTests.newUser(home.url)
    let cases: [([String], String)] = [
      (["doctor", "--demo"], "roster doctor checks your own set-up"),
      (["--demo", "login"], "roster login signs in your own account"),
      (["login", "--device-code", "--demo"], "roster login signs in your own account"),
      (["logout", "--demo"], "roster logout signs your own account out"),
      (["accounts", "--demo"], "roster accounts lists"),
      (["accounts", "use", "work", "--demo"], "roster accounts lists"),
    ]
    for (arguments, sentence) in cases {
      let run = try await roster.run(arguments)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains(sentence) && run.stderr.contains("--demo"), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("App registrations"), "no app-registration checklist: \(run.stderr)")
    }
    #expect(CommandLineCommandTests.contents(of: home.url) == ["tmp"], "nothing written")
  }

  /// docs/guide-search.md's `aditya gutpa` works in the demo CLI as written, and no demo answer advises a
  /// `roster index sync` that cannot help (every demo run is a new tenant).
  @Test func demoCloseMatchesWorkAsTheReadmeSaysWithoutAdvisingASync() async throws {
    let home = TemporaryDirectory(prefix: "roster-demo-close")
    defer { home.remove() }
    let roster = try CommandLineCommandTests.newUser(home.url)
    let close = try await roster.run(["search", "--demo", "--close", "aditya", "gutpa"])
    #expect(close.status == 0, "\(close.stderr)")
    #expect(close.stdout.contains("close matches for \u{201C}gutpa\u{201D}"), "\(close.stdout)")
    #expect(close.stdout.contains("Aditya Gupta"), "\(close.stdout)")
    #expect(!close.stderr.contains("index sync"), "\(close.stderr)")

    let json = try await roster.run(["search", "--demo", "--close", "aditya", "gutpa", "--json"])
    let people = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(people.contains { $0["closeMatch"] as? Bool == true && $0["displayName"] as? String == "Aditya Gupta" })

    // mutt's example (docs/guide-search.md#address-book-for-mutt-neomutt-and-aerc): the demo's query
    // answers from its own index too.
    let query = try await roster.run(["query", "--demo", "aditya gutpa"])
    #expect(query.status == 0, "\(query.stderr)")
    #expect(query.stdout.hasPrefix("roster: no exact match for 'aditya gutpa';"), "\(query.stdout)")
    #expect(query.stdout.contains("aditya.gupta@"), "\(query.stdout)")

    let status = try await roster.run(["index", "status", "--demo"])
    #expect(status.status == 1)
    #expect(!status.stdout.contains("index sync") && status.stdout.contains("every --demo run"), "\(status.stdout)")
    #expect(status.stdout.contains("--close aditya gutpa"), "the advice it gives is one that works")
    #expect(CommandLineCommandTests.contents(of: home.url) == ["tmp"], "the throw-away index is gone")
  }

  /// docs/guide-search.md#close-matches: words under three letters get no close matches; one CJK character is one letter
  /// (three UTF-8 bytes), so 杨 finds the Yangs and no 李 as a "close match".
  @Test func oneCJKCharacterGetsNoCloseMatches() async throws {
    let home = TemporaryDirectory(prefix: "roster-demo-cjk")
    defer { home.remove() }
    let roster = try CommandLineCommandTests.newUser(home.url)
    let run = try await roster.run(["search", "--demo", "--close", "杨"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("杨伟"), "\(run.stdout)")
    #expect(!run.stdout.contains("close matches"), "\(run.stdout)")
    #expect(!run.stdout.contains("李"), "\(run.stdout)")
  }
}
