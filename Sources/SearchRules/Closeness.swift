/// How close the signed-in person is to each of "their people" (issue 32): the people they opened
/// in Roster, most recent first, then those Microsoft 365 says they work with (`/me/people`), in
/// its order. The ranking puts them first within each of its tiers (`SearchRanking`), nearest
/// first, so "anna" lists the Anna they work with before the others whose names start the same
/// way, and never above someone whose name matches better.
///
/// Only ids: the lists are read and kept elsewhere (the local index, the app's state); this is the
/// one order both the index and the live list rank by.
public struct Closeness: Equatable, Sendable {
  /// Each id's place, 0 the nearest.
  public private(set) var ranks: [String: Int]

  /// `opened` (most recent first) then `worksWith` (Graph's order); an id in both keeps its
  /// first place.
  public init(opened: [String] = [], worksWith: [String] = []) {
    var ranks: [String: Int] = [:]
    ranks.reserveCapacity(opened.count + worksWith.count)
    for id in opened + worksWith where ranks[id] == nil { ranks[id] = ranks.count }
    self.ranks = ranks
  }

  /// No one is near: every tier is alphabetical, as before issue 32.
  public static let none = Closeness()

  public var isEmpty: Bool { ranks.isEmpty }

  /// The id's place, nil when they are not among the person's people.
  public func rank(of id: String) -> Int? { ranks[id] }

  /// What `RankKey` sorts by: the place, or past every place for everyone else.
  func sortRank(of id: String) -> Int { ranks[id] ?? Int.max }
}
