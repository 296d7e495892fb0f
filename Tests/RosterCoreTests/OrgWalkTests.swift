import RosterCore
import Testing

/// The org export's walk: level by level, bounded by depth and by a count, and a reporting loop
/// (bad directory data) listed once instead of walked for ever.
@Suite struct OrgWalkTests {
  /// A → B, C; B → D; D → A (a loop back to the top); C → B (B listed under two managers).
  static let reports: [String: [String]] = ["A": ["B", "C"], "B": ["D"], "C": ["B"], "D": ["A"]]

  static func detail(_ id: String) -> PersonDetail {
    PersonDetail(
      person: Person(id: id, displayName: CleanText(id)),
      directReports: (reports[id] ?? []).map { Person(id: $0, displayName: CleanText($0)) })
  }

  private func rows(_ records: [PersonRecord]) -> [String] {
    records.map { "\($0.level) \($0.person.id) < \($0.manager?.id ?? "-")" }
  }

  @Test func aLoopEndsItsBranchAndEveryoneIsListedOnceWhereFirstMet() async throws {
    let (records, cut) = try await OrgWalk(depth: 100, limit: 100).walk(from: "A") { Self.detail($0) }
    #expect(rows(records) == ["0 A < -", "1 B < A", "1 C < A", "2 D < B"])
    #expect(cut == nil)
  }

  @Test func depthAndLimitBoundTheWalk() async throws {
    let shallow = try await OrgWalk(depth: 1, limit: 100).walk(from: "A") { Self.detail($0) }
    #expect(rows(shallow.records) == ["0 A < -", "1 B < A", "1 C < A"])
    let root = try await OrgWalk(depth: 0, limit: 100).walk(from: "A") { Self.detail($0) }
    #expect(rows(root.records) == ["0 A < -"])
    let cut = try await OrgWalk(depth: 100, limit: 2).walk(from: "A") { Self.detail($0) }
    #expect(rows(cut.records) == ["0 A < -", "1 B < A"])
    #expect(cut.cut == .limit(2))
  }
}
