import Foundation
import Testing

/// `roster --demo` with its local index, as a person sees it: the index fills (progress in the
/// status line), then typing is answered from it, marked with its freshness, detail included.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct IndexEndToEndTests {
  @Test func theDemoIndexFillsAndAnswersTyping() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try DemoEndToEndTests.peopleFile(in: run.work)
    try run.start(
      ["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path, "ROSTER_DEMO_DATA": run.work.path + "/demo-data"],
      cols: 100, rows: 30)
    try tmux.until("the search screen after approval", timeout: 45) { $0.contains("Search:") }
    try tmux.until("the index synced", timeout: 45) { $0.contains("index, synced") }

    try tmux.type("o'brien")
    try tmux.until("the index's answer") { $0.contains("Siobhán O'Brien") && $0.contains("1 match") }
    try tmux.until("the detail with the manager from Graph") { $0.contains("Counsel") && $0.contains("Megan Bowen") }
    #expect(try tmux.capture().contains("index, synced"))
    try tmux.keys("C-u")
    try tmux.type("pagey")
    // The first screens at once from the index (the key's frame decodes no more than it shows),
    // the rest from the index too as the selection nears the end: no Graph pages to wait for.
    // (The demo user's own people lead the list, marked ★: whoever is first, the first screen is there.)
    try tmux.until("the first screens listed") { $0.contains("+ matches") && $0.contains("Pagey Person ") }
    try tmux.keys("End")
    try tmux.until("every match listed") { $0.contains("150 matches") }

    let files = try FileManager.default.contentsOfDirectory(atPath: run.work.path + "/demo-data")
    #expect(files.contains { $0.hasSuffix(".sqlite") })
    try tmux.keys("C-u")
    try tmux.keys("q")
    #expect(try run.waitForExit().status == 0)
    // ROSTER_DEMO_DATA keeps the index across runs, and nothing went to the cache directory.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: run.work.path + "/demo-data").contains {
        $0.hasSuffix(".sqlite")
      })
    #expect(!FileManager.default.fileExists(atPath: run.work.path + "/cache/roster"))
  }

  /// Issue 19 item 3 as a person sees it: someone hidden from the address list is not listed for
  /// their name (from the index), yet their full mail finds them through Graph, and the pane says
  /// they are hidden.
  @Test func someoneHiddenFromTheAddressListIsFoundOnlyByTheirFullAddress() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people: [[String: Any]] = [
      [
        "id": "boss", "displayName": "Megan Bowen", "userPrincipalName": "megan@contoso.com",
        "mail": "megan@contoso.com",
      ],
      [
        "id": "hidden", "displayName": "Pat Hidden", "userPrincipalName": "pat.hidden@contoso.com",
        "mail": "pat.hidden@contoso.com", "jobTitle": "Investigator", "manager": "boss", "showInAddressList": false,
      ],
      [
        "id": "shown", "displayName": "Pat Shown", "userPrincipalName": "pat.shown@contoso.com",
        "mail": "pat.shown@contoso.com", "jobTitle": "Analyst", "manager": "boss",
      ],
    ]
    try run.startDemo(people: people)

    try run.settle("typing a name") { try tmux.type("pat") }
    try tmux.until("only Pat Shown") { $0.contains("Pat Shown") && $0.contains("1 match") }
    #expect(!(try tmux.capture()).contains("Pat Hidden"))
    try tmux.keys("C-u")
    try run.settle("typing the full mail") { try tmux.type("PAT.HIDDEN@contoso.com") }
    try tmux.until("Pat Hidden, marked hidden in the pane") {
      $0.contains("Pat Hidden") && $0.contains("Address list") && $0.contains("hidden: found by full address only")
    }
    try tmux.keys("C-u")
    try tmux.keys("q")
    #expect(try run.waitForExit().status == 0)
  }

  /// Tab completes a filter's value from the index's values, which are read in the background
  /// after the index attaches (never before the first frame): through the real binary.
  @Test func tabCompletesAFilterValueFromTheIndex() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people: [[String: Any]] = [
      ["id": "a", "displayName": "Ann Finch", "userPrincipalName": "ann@contoso.com", "department": "Finance"],
      ["id": "b", "displayName": "Bo Field", "userPrincipalName": "bo@contoso.com", "department": "Field Sales"],
      ["id": "c", "displayName": "Cy Ruiz", "userPrincipalName": "cy@contoso.com", "department": "Research"],
    ]
    try run.startDemo(people: people)

    try run.settle("typing a filter") { try tmux.type("dept:res") }
    try tmux.keys("Tab")
    try tmux.until("the department completed and answered") {
      $0.contains("Search: dept:Research") && $0.contains("Cy Ruiz") && !$0.contains("Ann Finch")
    }
    try tmux.keys("C-u")
    try tmux.keys("q")
    #expect(try run.waitForExit().status == 0)
  }

  /// Issue 19 item 2: without ROSTER_DEMO_DATA the demo's index lives in a private temporary
  /// directory while it runs and is gone after it ends, by `q` and by SIGTERM alike; nothing is
  /// left in `~/.cache/roster`.
  @Test func theDemoLeavesNoTrace() throws {
    for ending in ["q", "SIGTERM"] {
      let run = try RosterInTmux()
      defer { run.finish() }
      let tmux = run.tmux
      let people = try DemoEndToEndTests.peopleFile(in: run.work)
      let temporary = run.work.appendingPathComponent("tmp")
      try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
      try run.start(
        ["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path, "TMPDIR": temporary.path], cols: 80, rows: 24)
      try tmux.until("the search screen after approval", timeout: 45) { $0.contains("Search:") }
      try tmux.until("the index synced", timeout: 45) { $0.contains("index, synced") }
      let during = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
      #expect(during.count == 1 && during.allSatisfy { $0.hasPrefix("roster-demo-") }, "\(during)")
      let indexFiles = try during.first.map {
        try FileManager.default.contentsOfDirectory(atPath: temporary.appendingPathComponent($0).path)
      }
      #expect(indexFiles?.contains { $0.hasSuffix(".sqlite") } == true, "the index is in the demo's directory")
      if ending == "q" {
        try tmux.keys("q")
      } else {
        #expect(Foundation.kill(try #require(try run.pid()), SIGTERM) == 0)
      }
      let exit = try run.waitForExit()
      #expect(exit.status == (ending == "q" ? 0 : 128 + Int(SIGTERM)) && exit.modesRestored)
      #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "after \(ending)")
      #expect(!FileManager.default.fileExists(atPath: run.work.path + "/cache/roster"), "after \(ending)")
    }
  }
}
