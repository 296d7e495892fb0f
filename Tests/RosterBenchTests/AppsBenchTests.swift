import Foundation
import Testing

@testable import roster_bench

/// Issue 42: the apps part of the bench (`roster-bench --only apps`) on a tiny tenant, so a
/// change that breaks it — the sandbox's `--apps`/`--devices`, the kinds' sync, `roster apps
/// --expiring` from the index or from Graph, the floor's request accounting — fails here rather
/// than in the next benchmark run. No timing is asserted: only that each step happened and the
/// figures add up.
@Suite(.serialized) struct AppsBenchTests {
  @Test func theAppsScenariosRunOnATinyTenant() throws {
    let binary = try #require(TerminalGraphicsPTYTests.roster, "roster binary not built next to the tests")
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("roster-apps-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }

    let figures = try AppsBench.measure(
      roster: binary, people: 1, apps: 30, devices: 45, latencyMs: 0, home: home, runs: 2, onlineRuns: 1)

    // 30 of the tenant's own plus the fixed ones (hostile names, Build Agents); each with its
    // enterprise app, and Microsoft's and vendors' besides.
    let registrations = try #require(figures.registrationsKept)
    #expect(registrations >= 30)
    #expect(try #require(figures.enterpriseKept) > registrations)
    #expect(figures.devicesKept == 45)
    #expect(figures.stats.throttled == 0)
    // Every kind's delta walked, each on the chain the floor counts.
    for path in AppsBench.kindPaths { #expect((figures.chainPages[path] ?? 0) >= 1, "no \(path) page on the chain") }
    #expect(figures.chainPages.values.reduce(0, +) <= figures.stats.graphRequests)
    #expect(figures.peakRSSKilobytes != nil)
    #expect(figures.offlineMillis.count == 2)
    #expect(figures.dueCredentials > 0 && figures.indexReadMillis.count == 2)
    #expect(figures.onlineMillis.count == 1)
    #expect(figures.onlineRequests >= 2, "the online report reads both collections from Graph")
    // The first apps cycle through every credential case: something is expired or due.
    #expect(figures.expiringRows > 1)
    #expect(figures.onlineRows == figures.expiringRows, "the index and Graph gave different reports")

    let rows = AppsBench.rows(figures, latencyMs: 0)
    #expect(rows.contains { $0.metric.contains("--offline") && $0.roster != nil })
    #expect(rows.contains { $0.metric.hasSuffix("429s") && $0.roster == 0 })
  }

  @Test func theFloorChainsTheKindsAfterTheLongerOfPeopleAndGroups() {
    func entries(_ path: String, _ count: Int, millis: Double) -> [[String: Any]] {
      Array(repeating: ["path": path, "serverMillis": millis], count: count)
    }
    let log = RequestLog(
      entries: entries("/v1.0/users/delta", 2, millis: 10) + entries("/v1.0/groups/delta", 3, millis: 10)
        + entries("/v1.0/devices/delta", 5, millis: 20) + entries("/v1.0/applications/delta", 4, millis: 20)
        + entries("/v1.0/servicePrincipals/delta", 4, millis: 20) + entries("/v1.0/me", 1, millis: 1))
    let (pages, floor, withServer) = AppsBench.floor(log, latencyMs: 100, units: 0, people: 1)
    // Groups' 3 pages (longer than people's 2), then 5 + 4 + 4: 16 round trips of 0.1 s.
    #expect(pages.values.reduce(0, +) == 16)
    #expect(abs(floor - 1.6) < 1e-9)
    #expect(abs(withServer - (1.6 + 0.03 + 0.26)) < 1e-9)
    // A budget slower than the chain is the floor: 3,500 units a 10 s window under 50 people.
    #expect(abs(AppsBench.floor(log, latencyMs: 100, units: 3_500, people: 1).floor - 10) < 1e-9)
  }
}
