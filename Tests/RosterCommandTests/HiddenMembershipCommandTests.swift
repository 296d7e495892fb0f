import Foundation
import TestSupport
import Testing

/// Issue 28 (4): a hidden-membership group lists its members to its own owners and members. The
/// demo signs in as the chief executive, who owns "Leadership Confidential" and is in it.
@Suite(.serialized) struct HiddenMembershipCommandTests {
  @Test func anOwnerAndMemberListsTheMembersOfTheirHiddenGroup() async throws {
    let home = TemporaryDirectory(prefix: "roster-hidden-members")
    defer { home.remove() }
    let roster = try CommandLineCommandTests.newUser(home.url)
    let listed = try await roster.run(["groups", "members", "Leadership Confidential", "--demo", "--json"])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(!listed.stderr.contains("Member.Read.Hidden"), "\(listed.stderr)")
    let members = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
    #expect(members?.count == 12, "\(listed.stdout)")
    #expect(members?.contains { $0["displayName"] as? String == "Aoife O'Connor" } == true)
  }
}
