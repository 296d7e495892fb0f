import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore

/// `roster show ID|UPN|MAIL [--json]`: everything about one person, with manager and reports.
struct ShowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show one person: every detail field, the manager and direct reports.",
    discussion: """
      Accepts an object id, a user principal name or a mail address. Uses the sign-in from \
      `roster login`. With --offline, answers from the local index (no photo in the vCard). \
      Exit codes: 0 shown, 1 no such person, 2 usage, 3 not signed in (or no complete index \
      with --offline), 4 service or network error, 5 (with --health) not one part of the account \
      section allowed. With --health, a part that Graph refuses or the scopes do not allow says \
      what it needs and the rest is still shown (exit 0); with --json too, the person's JSON gets \
      a "health" member with the same facts per part (status shown, refused, notAsked or failed).
      """)

  @Argument(
    help: "Object id, user principal name or mail address.",
    completion: .custom(PeopleCompletion.names))
  var person: String

  @Flag(help: "Print JSON: the person with Graph property names, plus manager and directReports.")
  var json = false

  @Flag(help: "Print a vCard 4.0 (RFC 6350) for the person, for an address book.")
  var vcard = false

  @Flag(help: "Answer from the local index only, sending Graph nothing (as fresh as its last sync).")
  var offline = false

  @Flag(name: .customLong("member-of"), help: "List the groups the person is in instead (needs GroupMember.Read.All).")
  var memberOf = false

  @Flag(help: "With --member-of: the groups they are in through nested groups too.")
  var transitive = false

  @Flag(help: "With --member-of: print CSV with a header row.")
  var csv = false

  @Flag(help: "Add the account section: state, last sign-in, MFA, licences, devices (each needs its own permissions).")
  var health = false

  @Flag(help: "List what the person owns instead: groups, apps and enterprise apps, and devices (for offboarding).")
  var owned = false

  @Flag(help: "List the directory roles the person holds instead: directly, through a group, or eligible (PIM).")
  var roles = false

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if let problem = Self.keyProblem(person) { throw ValidationError(problem) }
    if json && vcard { throw ValidationError("Choose one of --json and --vcard.") }
    if (transitive || csv) && !memberOf { throw ValidationError("--transitive and --csv go with --member-of.") }
    if memberOf && vcard { throw ValidationError("--vcard shows a person, not their groups.") }
    try OutputFormat.refuseBoth(json: json, csv: csv)
    if health && (vcard || memberOf || offline) {
      throw ValidationError(
        "--health reads Graph for one person's account: not with --vcard, --member-of or --offline.")
    }
    if owned && (vcard || memberOf || offline || health || csv) {
      throw ValidationError(
        "--owned reads what one person owns from Graph: not with --vcard, --member-of, "
          + "--offline, --health or --csv.")
    }
    if roles && (vcard || memberOf || offline || health || owned) {
      throw ValidationError(
        "--roles reads one person's directory roles from Graph: not with --vcard, --member-of, --offline, --health "
          + "or --owned.")
    }
    try demo.refuse(offline: offline)
  }

  /// Why `key` cannot name anyone, before anything is sent: empty, with a control character, or
  /// without an `@` and not a GUID. Graph's `/users/{key}` takes an object id (a GUID) or a user
  /// principal name, and a mail has an `@` too, so "Emily" can only come back "not found" and
  /// `$filter=x` as a service error; both are a usage mistake (exit 2). The message names the
  /// `command` actually run and sends a name to `roster search`.
  static func keyProblem(_ key: String, command: String = "show") -> String? {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    let takes =
      "roster \(command) takes an object id, a user principal name, a mail address, an alias or an employee id"
    if trimmed.isEmpty { return "\(takes); the argument is empty." }
    let control = trimmed.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) }
    // An employee id (a token with a digit, `TypedIdentifier`) is looked up as `search` finds it.
    if control || (!trimmed.contains("@") && UUID(uuidString: trimmed) == nil && TypedIdentifier.read(trimmed).isEmpty)
    {
      let search = control ? "roster search" : "roster search \(Self.shellQuoted(trimmed))"
      return "\(takes); '\(CleanText(trimmed))' is none of them. To find someone by name, use \(search)."
    }
    return nil
  }

  /// `text` as one shell word: bare when it is plain, else in single quotes.
  private static func shellQuoted(_ text: String) -> String {
    let plain = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_@:+")
    if !text.isEmpty && text.unicodeScalars.allSatisfy(plain.contains) { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  func run() async throws {
    if memberOf { return try await runMemberOf() }
    if offline { return try await runOffline() }
    if owned { return try await runOwned() }
    if roles { return try await runRoles() }
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { client, graph in
      let lookup = try await PersonLookup.find(person, in: client)
      if let found = lookup.found { DirectoryCommand.say("Found by \(found).") }
      let detail = lookup.detail
      // The card carries the photo (240×240, Graph's usual upload) when the person has one.
      let photo = PhotoRequest(tenant: "", personID: detail.person.id, side: 240)
      let jpeg = vcard ? try? await client.personPhotoJPEG(photo) : nil
      let reach =
        vcard
        ? nil
        : await PersonReach.read(
          for: detail.person, account: graph.account, directory: client, schedules: graph.schedules)
      // `--health`: each part its own request, asked only when the scopes allow it.
      let report =
        health
        ? await graph.health.accountHealth(
          id: detail.person.id, scopes: graph.account.grantedScopes, onRetry: DirectoryCommand.reportRetry) : nil
      if json {
        try DirectoryCommand.write(
          try PersonDetailOutput.json(detail, reach: reach, health: report.map(HealthOutput.Report.init)))
      } else {
        try DirectoryCommand.write(render(detail, photoJPEG: jpeg, reach: reach))
        recordOpened(detail.person.id, graph: graph)
        if let report {
          try DirectoryCommand.write("\n" + HealthText.lines(report, now: Date()).joined(separator: "\n") + "\n")
        }
      }
      if let report, HealthOutput.Report(report).nothingAllowed { throw ExitCode(5) }
    }
  }

  /// `--owned`: the person found as `show` finds them, then what they own; exit 4 when neither
  /// part could be read.
  private func runOwned() async throws {
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { client, graph in
      let person = try await PersonLookup.find(self.person, in: client).detail.person
      let owned = await OwnedObjects.read(
        person.id, configuration: graph.configuration, tokens: graph.runtime.session,
        transport: graph.runtime.transport, onRetry: DirectoryCommand.reportRetry)
      try DirectoryCommand.write(
        json ? try OwnedOutput.json(owned, person: person) : OwnedOutput.text(owned, person: person))
      if case .failure(let error) = owned.objects, case .failure = owned.devices {
        throw ExitCode(DirectoryCommand.exitCode(for: error))
      }
    }
  }

  /// `--member-of`: the person found as `show` finds them, then their groups (direct, or
  /// `--transitive`), from Graph or the index.
  private func runMemberOf() async throws {
    let format: OutputFormat = OutputFormat.chosen(json: json, csv: csv)
    try await GroupCommandRunner.run(common: common, demo: demo, offline: offline) { clients in
      var id = person
      if let people = clients.people {
        id = try await PersonLookup.find(person, in: people).detail.person.id
      }
      var page = try await clients.groups.memberOf(
        MemberOfQuery(personID: id, transitive: transitive, pageSize: 999), DirectoryCommand.reportRetry)
      var groups = page.groups
      while let cursor = page.next {
        page = try await clients.groups.nextGroups(cursor, DirectoryCommand.reportRetry)
        groups += page.groups
      }
      try DirectoryCommand.write(GroupOutput.render(groups, as: format))
      if groups.isEmpty, case .table = format { DirectoryCommand.say("In no group.") }
      clients.sayFromIndex()
    }
  }

  /// The same from the local index; how fresh it is goes to stderr, the output keeps its shape.
  private func runOffline() async throws {
    let (index, status) = try await IndexContext.openOffline(common, demo: demo)
    guard let detail = try index.detail(lookingUp: person) else {
      DirectoryCommand.say("No one in the local index is \(CleanText(person)).")
      throw ExitCode(1)
    }
    let kept = try? index.workingHours(of: [detail.person.id])[detail.person.id]
    try DirectoryCommand.write(render(detail, photoJPEG: nil, reach: .kept(kept)))
    recordOpened(detail.person.id, in: index)
    DirectoryCommand.say(IndexContext.fromIndex(status.lastSync))
  }

  /// A person looked at on a terminal is "opened" (issue 32: `roster history`); a script's
  /// `--json`, `--vcard` or piped output is not, or a loop over the directory would fill the
  /// history with people no one chose.
  private func recordOpened(_ id: String, in index: DirectoryIndex? = nil, graph: SignedInGraph? = nil) {
    guard !json, !vcard, !demo.demo, isatty(STDOUT_FILENO) == 1 else { return }
    if let index {
      try? index.recordOpened(id, at: Date())
    } else if let graph {
      IndexContext.recordOpened(id, graph)
    }
  }

  private func render(_ detail: PersonDetail, photoJPEG: Data?, reach: PersonReach? = nil) throws -> String {
    if vcard { return VCard.render(detail.person, photoJPEG: photoJPEG) }
    if json { return try PersonDetailOutput.json(detail, reach: reach) }
    let text = PersonDetailOutput.text(detail)
    guard let reach, !reach.lines.isEmpty else { return text }
    return text + (text.hasSuffix("\n") ? "" : "\n") + "\n" + reach.lines.joined(separator: "\n") + "\n"
  }
}

/// Renders `roster show`: labelled fields for people, or JSON for scripts.
enum PersonDetailOutput {
  /// The person's Graph properties plus `manager`, `directReports` and `relationsHidden`.
  struct JSONShape: Encodable {
    var detail: PersonDetail
    var reach: PersonReach?
    var health: HealthOutput.Report?

    enum Keys: String, CodingKey { case manager, managerChain, directReports, relationsHidden, reach, health }

    func encode(to encoder: any Encoder) throws {
      try detail.person.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(detail.manager, forKey: .manager)
      try container.encode(detail.managerChain, forKey: .managerChain)
      try container.encode(detail.directReports, forKey: .directReports)
      try container.encode(detail.relationsHidden, forKey: .relationsHidden)
      try container.encodeIfPresent(reach, forKey: .reach)
      try container.encodeIfPresent(health, forKey: .health)
    }
  }

  static func json(_ detail: PersonDetail, reach: PersonReach? = nil, health: HealthOutput.Report? = nil) throws
    -> String
  {
    var clean = detail
    clean.person = PeopleOutput.withPrintableId(detail.person)
    clean.managerChain = detail.managerChain.map(PeopleOutput.withPrintableId)
    clean.directReports = detail.directReports.map(PeopleOutput.withPrintableId)
    return try PeopleOutput.json(JSONShape(detail: clean, reach: reach, health: health))
  }

  static func text(_ detail: PersonDetail) -> String {
    let person = PeopleOutput.withPrintableId(detail.person)
    let fields: [(String, String?)] = [
      ("Given name", person.givenName?.string), ("Surname", person.surname?.string), ("Mail", person.mail?.string),
      ("User name", person.userPrincipalName?.string), ("Job title", person.jobTitle?.string),
      ("Department", person.department?.string), ("Company", person.companyName?.string),
      ("Office", person.officeLocation?.string),
      ("Business phone", person.businessPhones.flatMap { $0.isEmpty ? nil : $0.map(\.string).joined(separator: ", ") }),
      ("Mobile", person.mobilePhone?.string), ("User type", person.userType?.string),
      ("Account enabled", person.accountEnabled.map { $0 ? "yes" : "no" }), ("Object id", person.id),
    ]
    var lines = [PeopleOutput.displayName(person)] + LabelledFields.lines(fields)
    let fullProfileFields = [
      person.jobTitle, person.department, person.officeLocation, person.mobilePhone, person.companyName,
    ]
    if person.isHiddenFromAddressList {
      lines.append("  (Hidden from the address list: no search lists them; found only by exact id, user name or mail.)")
    }
    if fullProfileFields.allSatisfy({ $0 == nil }) {
      lines.append("  (Profile fields beyond name and mail may be hidden: reading them needs User.Read.All.)")
    }
    lines.append("")
    if detail.relationsHidden && detail.manager == nil {
      lines.append("Manager: not shown (reading managers needs User.Read.All)")
    } else {
      lines.append("Manager: " + (detail.manager.map { summary(PeopleOutput.withPrintableId($0)) } ?? "none set"))
      if detail.managerChain.count > 1 {
        let names = detail.managerChain.reversed().map { PeopleOutput.displayName(PeopleOutput.withPrintableId($0)) }
        lines.append("Reporting line: " + (names + [PeopleOutput.displayName(person)]).joined(separator: " › "))
      }
    }
    if detail.relationsHidden && detail.directReports.isEmpty {
      lines.append("Direct reports: not shown (reading them needs more permissions)")
    } else if detail.directReports.isEmpty {
      lines.append("Direct reports: none")
    } else {
      lines.append("Direct reports (\(detail.directReports.count)):")
      lines += detail.directReports.map { "  " + summary(PeopleOutput.withPrintableId($0)) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Name <mail> — Job title`
  static func summary(_ person: Person) -> String {
    var text = PeopleOutput.displayName(person)
    if let mail = person.mail ?? person.userPrincipalName { text += " <\(mail)>" }
    if let title = person.jobTitle, !title.isEmpty { text += " — \(title)" }
    return text
  }
}
