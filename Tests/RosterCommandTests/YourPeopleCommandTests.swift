import Foundation
import RosterCore
import SandboxDirectory
import TestSupport
import Testing

/// Issue 32's "your people first" through the built binary against the sandbox: `index sync`
/// keeps whom the signed-in person works with (`/me/people`), `search` online and offline lists
/// them first in their tier, marked ★; a script's `show` is not an opening; `history --clear`;
/// and a sign-in without People.Read forgets the list at the next sync and `doctor` names it.
@Suite(.serialized) struct YourPeopleCommandTests {
  static let base = "openid profile offline_access User.Read User.Read.All"

  @Test func theListIsKeptRankedMarkedAndForgottenWithThePermission() async throws {
    try await SandboxHarness.with(configure: {
      $0.size = 600
      $0.approveAfter = .milliseconds(200)
    }) { harness in
      let directory = Directory.generated(seed: 1, size: 600)
      let colleagues = directory.peopleWorkingWith(directory.defaultUser)
      // A colleague whose first name others share, so the order has something to decide.
      func firstWord(_ user: DirectoryUser) -> String {
        (user.displayName ?? "").split(separator: " ").first.map(String.init) ?? ""
      }
      let names = directory.users.map(firstWord)
      let colleague = try #require(
        colleagues.first { person in
          names.filter { $0 == firstWord(person) }.count > 1 && (person.displayName ?? "").allSatisfy(\.isASCII)
        })
      let given = firstWord(colleague)
      let mail = try #require(colleague.mail)

      let roster = harness.roster(extra: ["ROSTER_SCOPES": Self.base + " People.Read"])
      #expect(try await roster.run(["login", "--device-code"]).status == 0)
      #expect(try await roster.run(["index", "sync"]).status == 0)
      let status = try await roster.run(["index", "status"])
      // The read's age is whatever the machine's load made it ("just now", "1 min ago"): not asserted.
      let line = "Your people: \(colleagues.count) you work with \\(read (just now|\\d+ min ago)\\), 0 you opened"
      #expect(status.stdout.contains(try Regex(line)), "\(status.stdout)")
      for offline in [false, true] {
        let found = try await roster.run(["search"] + (offline ? ["--offline"] : []) + [given])
        #expect(found.status == 0, "\(found.stderr)")
        let rows = found.stdout.split(separator: "\n").dropFirst()
        #expect(rows.first?.contains(mail) == true && rows.first?.contains("★") == true, "\(found.stdout)")
        #expect(rows.dropFirst().allSatisfy { !$0.contains(mail) })
      }
      // A script's show is not an opening: the history stays empty.
      #expect(try await roster.run(["show", mail]).status == 0)
      let history = try await roster.run(["history", "--json"])
      #expect(history.status == 0 && history.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
      let cleared = try await roster.run(["history", "--clear"])
      #expect(cleared.status == 0 && cleared.stderr.contains("Forgot 0 people"))

      // Without People.Read: the next sync forgets the list, no error is said; doctor names it.
      let basic = harness.roster(extra: ["ROSTER_SCOPES": Self.base])
      #expect(try await basic.run(["login", "--device-code"]).status == 0)
      let sync = try await basic.run(["index", "sync"])
      #expect(sync.status == 0 && !sync.stderr.contains("People"))
      let plain = try await basic.run(["search", "--offline", given])
      #expect(!plain.stdout.contains("★"), "\(plain.stdout)")
      let doctor = try await basic.run(["doctor", "--json"])
      #expect(doctor.stdout.contains("your people first") && doctor.stdout.contains("People.Read"))
    }
  }
}
