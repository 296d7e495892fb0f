import Foundation
import Testing

@testable import RosterCore

/// The tenant-wide sign-ins' logic (issue 43 item 2): grouping by cause, what a follow prints
/// (each sign-in once, late ones too) and `--every`'s range within Graph's reports budget.
@Suite struct SignInFollowTests {
  static let now = Date(timeIntervalSince1970: 1_795_000_000)

  static func entry(_ id: String, _ secondsAgo: Double, code: Int = 50126) -> SignInLogEntry {
    SignInLogEntry(id: id, createdDateTime: now.addingTimeInterval(-secondsAgo), errorCode: code)
  }

  @Test func causesAreLargestFirstEachNewestFirst() {
    let groups = SignInCause.grouped([
      Self.entry("a", 50, code: 53003), Self.entry("b", 10), Self.entry("c", 30), Self.entry("d", 5, code: 99_999),
    ])
    #expect(groups.map(\.errorCode) == [50126, 99_999, 53003], "largest first, then the newest")
    #expect(groups[0].entries.map(\.id) == ["b", "c"])
    #expect(groups[0].header == "Wrong user name or password (AADSTS50126) — 2 sign-ins")
    #expect(groups[1].header.hasSuffix("(AADSTS99999) — 1 sign-in"))
    #expect(SignInCause.grouped([Self.entry("s", 1, code: 0)])[0].header == "Signed in — 1 sign-in")
  }

  @Test func aFollowPrintsEachSignInOnceOldestFirstIncludingLateOnes() {
    var follower = SignInFollower(start: Self.now.addingTimeInterval(-600), already: [Self.entry("old", 900)])
    #expect(follower.after == Self.now.addingTimeInterval(-600 - SignInFollower.overlap))
    let first = follower.admit([Self.entry("n2", 20), Self.entry("n1", 40), Self.entry("old", 900)])
    #expect(first.map(\.id) == ["n1", "n2"])
    #expect(follower.newest == Self.now.addingTimeInterval(-20))
    // A sign-in made before the newest seen, arriving late, inside the overlap.
    #expect(follower.after < Self.now.addingTimeInterval(-120))
    let late = follower.admit([Self.entry("n2", 20), Self.entry("late", 120)])
    #expect(late.map(\.id) == ["late"])
    #expect(follower.admit([Self.entry("n2", 20), Self.entry("late", 120)]).isEmpty)
  }

  @Test func everyIsTenSecondsToAnHour() {
    #expect(FollowInterval.seconds("30s") == 30 && FollowInterval.seconds("2m") == 120)
    #expect(FollowInterval.seconds("10") == 10 && FollowInterval.seconds("1h") == 3_600)
    #expect(FollowInterval.seconds("5s") == nil && FollowInterval.seconds("2h") == nil)
    #expect(FollowInterval.seconds("soon") == nil && FollowInterval.seconds("nan") == nil)
    #expect(FollowInterval.standard >= FollowInterval.floor)
  }

  @Test func aPersonIsNamedByWhatGraphGave() {
    var entry = Self.entry("x", 1)
    #expect(entry.person == "unknown person")
    entry.userId = "id-1"
    #expect(entry.person == "id-1")
    entry.userPrincipalName = "ann@contoso.com"
    #expect(entry.person == "ann@contoso.com")
    entry.userDisplayName = "Ann \u{1B}[2JLee"
    #expect(entry.person.hasPrefix("Ann") && entry.person.hasSuffix("(ann@contoso.com)"))
    #expect(!entry.person.contains("\u{1B}"))
  }
}
