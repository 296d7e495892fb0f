import ArgumentParser
import Foundation
import Graph
import Identity
import Index
import RosterCore

/// What the index commands share: the signed-in account, its index location, and the live
/// delta feed over the command's transport and token session.
struct IndexContext {
  let account: Account
  let location: IndexLocation
  let feed: DeltaFeed
  let estimate: @Sendable () async -> Int?
  /// Groups with members (`/groups/delta`), when the token may read them.
  let groups: GroupSyncMode
  /// Rooms (`/places/microsoft.graph.room`), refreshed whole at every `roster index sync`.
  let rooms: RoomSyncMode
  /// The first sync fills from `/users` and `/groups`, looks managers and members up and catches
  /// up (`DeltaFeed.liveFill`, `GroupDeltaFeed.liveFill`) instead of walking `/users/delta` and
  /// `/groups/delta`: the default; `ROSTER_INDEX_FIRST_SYNC=delta` walks.
  let fills: Bool
  /// Whom the person works with (`/me/people`), read at a sync when a day old (issue 32).
  let worksWith: WorksWithClient
  /// The registered kinds' rounds (`KindModules`: devices…), after people and groups.
  let kinds: [any KindSyncRound]

  /// Whether the first sync fills (anything but `ROSTER_INDEX_FIRST_SYNC=delta`), for the CLI and the app.
  static func fills(_ environment: [String: String]) -> Bool {
    environment["ROSTER_INDEX_FIRST_SYNC"]?.lowercased() != "delta"
  }

  /// Exit 3 when no account is signed in (nothing is asked interactively).
  static func make(_ common: CommonOptions, demo: DemoOptions) async throws -> IndexContext {
    let runtime = try await common.makeRuntime(demo: demo)
    let (account, configuration) = try await runtime.signedInGraph()
    let fills = Self.fills(runtime.environment)
    // People's and groups' fills run side by side against one budget.
    let pacer = GraphPacer()
    return IndexContext(
      account: account, location: IndexLocation(account: account, environment: runtime.environment),
      feed: fills
        ? .liveFill(configuration: configuration, tokens: runtime.session, transport: runtime.transport, pacer: pacer)
        : .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport),
      estimate: DeltaFeed.liveEstimate(
        configuration: configuration, tokens: runtime.session, transport: runtime.transport),
      groups: GroupSyncMode(
        account: account,
        feed: fills
          ? .liveFill(configuration: configuration, tokens: runtime.session, transport: runtime.transport, pacer: pacer)
          : .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)),
      rooms: .always(.live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)),
      fills: fills,
      worksWith: .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport),
      kinds: KindModules.syncRounds(configuration, tokens: runtime.session, transport: runtime.transport))
  }

  /// After a sync: Graph's list of whom the person works with, read when a day old, forgotten
  /// when the sign-in may not read it (the app's rule, `YourPeople.refresh`). A failure is said
  /// and changes nothing: the list is a courtesy, the sync succeeded.
  func refreshYourPeople(_ index: DirectoryIndex, now: Date = Date()) async {
    do {
      switch try index.yourPeople().refresh(for: account, at: now) {
      case .keep: return
      case .forget: try index.forgetWorksWith()
      case .read:
        let ids = try await worksWith.read()
        try index.saveWorksWith(ids, readAt: now)
      }
    } catch let error as DirectoryError {
      if case .permissionDenied = error { try? index.forgetWorksWith() }
      DirectoryCommand.say("Your people not refreshed: " + DirectoryCommand.describe(error))
    } catch {
      DirectoryCommand.say("Your people not refreshed: \(error)")
    }
  }

  /// What the account's index keeps of "your people", for ranking and marking a Graph answer;
  /// nothing when there is no index (or no sign-in: the command says that itself).
  /// The command's sign-in (`DirectoryCommand.runSignedIn`) already names the account: no second one.
  static func keptYourPeople(_ graph: SignedInGraph) -> YourPeople {
    guard let index = existingIndex(graph) else { return .none }
    let kept = (try? index.yourPeople()) ?? .none
    // Without People.Read now, Graph's list kept from before ranks nothing (the next sync forgets it).
    return graph.account.canReadYourPeople ? kept : YourPeople(opened: kept.opened)
  }

  /// Keeps that the person opened `id` (`roster show` at a terminal), when the account has an index.
  static func recordOpened(_ id: String, _ graph: SignedInGraph) {
    try? existingIndex(graph)?.recordOpened(id, at: Date())
  }

  /// The signed-in account's index when it has one, opened without an upgrade (a command that only
  /// ranks or records must not wait for one); nil otherwise.
  private static func existingIndex(_ graph: SignedInGraph) -> DirectoryIndex? {
    let location = IndexLocation(account: graph.account, environment: graph.runtime.environment)
    guard FileManager.default.fileExists(atPath: location.file.path) else { return nil }
    return try? DirectoryIndex.open(location, upgrade: false)
  }

  /// The index for `--offline` answers, and what it keeps: exit 3 with a message when there is no
  /// complete one.
  func openComplete() throws -> (DirectoryIndex, IndexReadiness) {
    try Self.openComplete(account: account, location: location)
  }

  /// The complete index of an `--offline` answer, its account named from the settings and the
  /// token cache alone: no transport, token session or Graph feeds are made, since nothing is
  /// sent (making them — the TLS trust store read, the event loop's threads — was a tenth of
  /// `roster apps --expiring 30d --offline`, issue 42). Exit 3 without a signed-in account or a
  /// complete index, as `make` and `openComplete` say; `--demo` (whose tenant starts empty)
  /// goes through `make`.
  static func openOffline(_ common: CommonOptions, demo: DemoOptions) async throws -> (DirectoryIndex, IndexReadiness) {
    if demo.demo { return try await make(common, demo: demo).openComplete() }
    let (settings, cache) = try common.loadSettingsAndCache()
    let configuration = try common.identityConfiguration(settings)
    guard let entry = IdentitySession.restorable(in: cache, for: configuration, pinned: settings.accountKey) else {
      throw CommandStop.notSignedIn
    }
    let location = IndexLocation(account: entry.account, environment: common.environment)
    let (index, ready) = try openComplete(account: entry.account, location: location)
    // Open until the process ends: closing checkpoints the WAL and syncs the file twice, and the
    // next open, finding no WAL, writes one (and syncs again) — for a command that only reads.
    ProcessEnd.keep(index)
    return (index, ready)
  }

  private static func openComplete(account: Account, location: IndexLocation) throws -> (DirectoryIndex, IndexReadiness)
  {
    let missing = "No complete local index for \(account.username); run `roster index sync` first."
    guard FileManager.default.fileExists(atPath: location.file.path) else {
      DirectoryCommand.say(missing)
      throw ExitCode(3)
    }
    let index = try open(account: account, location: location)
    // Readiness, not `status()`: an answer needs to know what the index keeps, not how many.
    let ready = try index.readiness()
    guard ready.complete else {
      DirectoryCommand.say(missing)
      throw ExitCode(3)
    }
    return (index, ready)
  }

  /// "From the local index (synced 2026-12-03T00:12:44Z).": how an offline answer ends on stderr
  /// (`what` "synced", or "rooms refreshed" for rooms). The instant by arithmetic
  /// (`UTCDateText`, as `ISO8601DateFormatter` writes it): opening ICU's formatter cost a report
  /// a millisecond or two.
  static func fromIndex(_ date: Date?, _ what: String = "synced") -> String {
    "From the local index" + (date.map { " (\(what) \(UTCDateText.instant($0)))" } ?? "") + "."
  }

  /// The account's index, brought within what its token may read before anything is read from it.
  func open() throws -> DirectoryIndex { try Self.open(account: account, location: location) }

  private static func open(account: Account, location: IndexLocation) throws -> DirectoryIndex {
    do {
      let index = try DirectoryIndex.open(location) { DirectoryCommand.say($0) }
      try index.conform(to: ProfileGrant(account))
      try index.conformGroups(to: account)
      return index
    } catch {
      DirectoryCommand.say("Cannot open the index \(location.file.path): \(error)")
      throw ExitCode(1)
    }
  }

  /// "indexing 12,000 of ~200,000" / "applying 40 changes".
  static func progressText(_ progress: IndexProgress) -> String {
    switch progress.phase {
    case .full:
      return IndexState.progressText(indexed: progress.indexed, estimate: progress.estimate)
    case .delta:
      return "applying \(NumberText.counted(progress.indexed, "change"))"
    }
  }

  static func describe(_ status: IndexStatus, account: Account) -> [String] {
    var lines = ["Account:   \(account.username)"]
    lines.append("People:    \(NumberText.grouped(status.people))" + (status.complete ? "" : " (no complete sync yet)"))
    if let last = status.lastSync {
      let age = IndexState.age(Date().timeIntervalSince(last))
      lines.append("Last sync: \(ISO8601DateFormatter().string(from: last)) (\(age))")
    } else {
      lines.append("Last sync: never finished")
    }
    if let indexing = status.indexing {
      lines.append("Unfinished sync: \(NumberText.grouped(indexing)) people so far; `roster index sync` resumes it")
    }
    lines.append(
      "File:      \(status.file), \(NumberText.grouped(Int(status.sizeBytes / 1024))) KiB"
        + (StatusCommand.permissions(of: status.file).map { ", \($0)" } ?? ""))
    let fields =
      status.profiles == .full
      ? "full profiles (User.Read.All)" : "basic profiles only: names and mail (User.ReadBasic.All)"
    lines.append("Holds:     \(fields); managers \(status.managersKnown ? "known" : "not readable")")
    if let groups = status.groups {
      lines.append("Groups:    \(NumberText.grouped(groups)) with their members")
    } else if let missing = status.groupsMissingPermission {
      lines.append("Groups:    none kept: \(needs("reading groups", missing))")
    } else {
      lines.append("Groups:    none yet")
    }
    let failure = status.roomsFailure.map { "; the last refresh failed: \(CleanText($0))" } ?? ""
    if let rooms = status.rooms, let refreshed = status.roomsRefreshed {
      let age = IndexState.age(Date().timeIntervalSince(refreshed))
      lines.append("Rooms:     \(NumberText.grouped(rooms)), refreshed \(age)\(failure)")
    } else if let missing = status.roomsMissingPermission {
      lines.append("Rooms:     none kept: \(needs("listing rooms", missing))")
    } else {
      lines.append("Rooms:     none yet\(failure)")
    }
    lines += kindLines(status)
    // Issue 32: what ranks the person's own people first, and how old it is.
    let read =
      status.worksWithRead.map { "read \(IndexState.age(Date().timeIntervalSince($0)))" }
      ?? (account.canReadYourPeople ? "not read yet" : "not read: needs People.Read")
    lines.append(
      "Your people: \(NumberText.grouped(status.worksWith)) you work with (\(read)), "
        + "\(NumberText.grouped(status.opened)) you opened (roster history)")
    if let problem = status.permissionProblem { lines.append("Problem:   \(CleanText(problem))") }
    return lines
  }

  /// "reading groups needs GroupMember.Read.All, which an administrator must consent to": one
  /// wording for every kind the token may not read, in `index sync` and `index status` alike.
  static func needs(_ doing: String, _ permission: String) -> String {
    "\(doing) needs \(CleanText(permission)), which an administrator must consent to"
  }

  /// Each registered kind's line: "Devices:   1,204", "none kept: listing devices needs …", "none yet".
  static func kindLines(_ status: IndexStatus) -> [String] {
    ObjectKind.allCases.compactMap { kind in
      guard let kept = status.kinds[kind.rawValue] else { return nil }
      // Padded to the other lines' column; a longer name ("Enterprise apps:") is never cut.
      let name = kind.plural.prefix(1).uppercased() + kind.plural.dropFirst() + ":"
      let label = name.count < 11 ? name.padding(toLength: 11, withPad: " ", startingAt: 0) : name + " "
      if let count = kept.count { return label + NumberText.grouped(count) }
      if let missing = kept.missingPermission {
        return label + "none kept: " + needs("listing \(kind.plural)", missing)
      }
      return label + "none yet"
    }
  }

  /// What a sync left in the index besides people: " and 12 groups", ", 12 groups and 333 rooms".
  static func otherKinds(_ status: IndexStatus) -> String {
    let registered = ObjectKind.allCases.compactMap { kind in
      status.kinds[kind.rawValue]?.count.map { "\($0) \(kind.plural)" }
    }
    let kinds =
      [status.groups.map { "\($0) groups" }, status.rooms.map { "\($0) rooms" }].compactMap { $0 } + registered
    guard let last = kinds.last else { return "" }
    return kinds.dropLast().map { ", \($0)" }.joined() + " and \(last)"
  }

  static func jsonString(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
  }
}
