/// The card and its actions in words: one field a line, labelled, as `roster show` labels them.
extension LineText {
  /// The card's lines: a heading, the fields, the manager and reports, then the numbered actions.
  public static func cardLines(_ card: LineCard) -> [String] {
    let person = card.detail.person
    // As the pane says it: a field beyond name and mail that a basic sign-in never receives is
    // hidden, not "not set".
    let missing = card.canReadFullProfiles ? notSet : "hidden: reading it needs User.Read.All"
    func value(_ text: CleanText?, basic: Bool = false) -> String {
      guard let text, !text.isEmpty else { return basic ? notSet : missing }
      return text.string
    }
    var lines = ["Card of \(name(person)).", "Name: \(name(person))"]
    lines.append("Title: \(value(person.jobTitle))")
    lines.append("Department: \(value(person.department))")
    if let company = person.companyName, !company.isEmpty { lines.append("Company: \(company.string)") }
    lines.append("Office: \(value(person.officeLocation))")
    lines.append("Mail: \(value(person.mail ?? person.userPrincipalName, basic: true))")
    let phones = (person.businessPhones ?? []).map(\.string).filter { !$0.isEmpty }
    lines.append("Phone: \(phones.isEmpty ? missing : phones.joined(separator: ", "))")
    if let mobile = person.mobilePhone, !mobile.isEmpty { lines.append("Mobile: \(mobile.string)") }
    if let presence = card.presence { lines.append("Presence: \(presence)") }
    lines += card.reach.map { "\($0.label): \($0.value)" }
    lines += relationLines(card.detail)
    if let why = card.yourPerson { lines.append("Your person: \(why)") }
    if person.isHiddenFromAddressList { lines.append("Hidden from the address list.") }
    lines += card.notes.map { "Note: \($0)" }
    return lines + actionLines(card)
  }

  /// "Actions:" and one numbered line each.
  public static func actionLines(_ card: LineCard) -> [String] {
    let actions = card.actions
    guard !actions.isEmpty else { return ["No actions."] }
    return ["Actions:"] + actions.enumerated().map { "\($0.offset + 1). \(actionText($0.element))" }
  }

  static func actionText(_ action: LineAction) -> String {
    switch action {
    case .manager(let manager): return "Walk to the manager, \(name(manager))"
    case .reports(let reports): return "Direct reports (\(reports.count))"
    case .memberOf: return "Groups"
    case .link(let link):
      switch link.kind {
      case .chat: return "Chat in Teams: print the link"
      case .mail: return "Mail: print the link"
      default: return "Print the \(link.kind.noun)"
      }
    }
  }

  /// The manager, the reporting line and the reports, in words.
  static func relationLines(_ detail: PersonDetail) -> [String] {
    var lines: [String] = []
    if detail.relationsHidden && detail.manager == nil {
      lines.append("Manager: not shown; reading managers needs User.Read.All")
    } else {
      lines.append("Manager: " + (detail.manager.map(nameAndTitle) ?? "none set"))
      if detail.managerChain.count > 1 {
        let above = detail.managerChain.dropFirst().map(name)
        lines.append("Above the manager: " + above.joined(separator: ", then "))
      }
    }
    if detail.relationsHidden && detail.directReports.isEmpty {
      lines.append("Direct reports: not shown; reading them needs more permissions")
    } else {
      lines.append("Direct reports: \(detail.directReports.isEmpty ? "none" : String(detail.directReports.count))")
    }
    return lines
  }

  /// The word for a field with no value, as the pane and `roster show` say it.
  public static let notSet = "not set"

  /// A numbered list of people under a heading ("Direct reports of Ada Lovelace: 3.").
  public static func peopleLines(title: String, _ people: [Person]) -> [String] {
    ["\(title): \(people.count)."]
      + people.enumerated().map { resultLine(number: $0.offset + 1, LineRow(person: $0.element)) }
  }

  /// A link printed for the person to open or copy.
  public static func linkLines(_ link: DeepLink, for person: Person) -> [String] {
    let noun = link.kind.noun
    return ["\(noun.prefix(1).uppercased() + noun.dropFirst()) for \(name(person)):", link.url]
  }

  /// The groups the person is in, by name; not numbered (nothing opens from here).
  public static func groupLines(_ names: [String], of person: Person) -> [String] {
    guard !names.isEmpty else { return ["\(name(person)) is in no group."] }
    let count = names.count == 1 ? "1 group" : "\(names.count) groups"
    return ["\(name(person)) is in \(count):"] + names
  }
}
