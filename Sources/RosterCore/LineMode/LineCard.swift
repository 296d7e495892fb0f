/// A person's labelled card in the line mode: what `roster show` and the pane know of them, and
/// the actions numbered below it.
public struct LineCard: Equatable, Sendable {
  /// The person with manager, managers above and direct reports (`PersonDetail`, as the pane has it).
  public var detail: PersonDetail
  /// Presence in words ("busy, in a meeting"); nil when not read.
  public var presence: String?
  /// The reach lines `roster show` prints (local time, working hours, today), labelled.
  public var reach: [LineField]
  /// Why a part is missing ("Presence needs Presence.Read.All."), said after the fields.
  public var notes: [String]
  /// Why the person is among your people ("you opened them 3 days ago"); nil when not.
  public var yourPerson: String?
  /// Whether the signed-in account may list the person's groups.
  public var canListGroups: Bool
  /// Whether the sign-in may read profiles beyond name and mail (User.Read.All): without it Graph
  /// sends no title, office or phones, and an empty one is not "not set" but not received.
  public var canReadFullProfiles: Bool

  public init(
    detail: PersonDetail, presence: String? = nil, reach: [LineField] = [], notes: [String] = [],
    yourPerson: String? = nil, canListGroups: Bool = true, canReadFullProfiles: Bool = true
  ) {
    self.canReadFullProfiles = canReadFullProfiles
    self.detail = detail
    self.presence = presence
    self.reach = reach
    self.notes = notes
    self.yourPerson = yourPerson
    self.canListGroups = canListGroups
  }

  /// The numbered actions, in the order they are printed; only those that can run.
  public var actions: [LineAction] {
    var actions: [LineAction] = []
    if let manager = detail.manager { actions.append(.manager(manager)) }
    if !detail.directReports.isEmpty { actions.append(.reports(detail.directReports)) }
    if canListGroups { actions.append(.memberOf) }
    if let chat = PersonLink.chat.link(for: detail.person) { actions.append(.link(chat)) }
    if let mail = PersonLink.mail.link(for: detail.person) { actions.append(.link(mail)) }
    return actions
  }
}

/// A label and its value, one line of a card.
public struct LineField: Equatable, Sendable {
  public var label: String
  public var value: String

  public init(_ label: String, _ value: String) {
    self.label = label
    self.value = value
  }
}

/// What a card's number does.
public enum LineAction: Equatable, Sendable {
  /// Opens the manager's card (`b` comes back).
  case manager(Person)
  /// Lists the direct reports, numbered.
  case reports([Person])
  /// Lists the groups the person is in.
  case memberOf
  /// Prints a link (the Teams chat, the mail) to open or copy: a terminal cannot open it for a
  /// screen reader, and the words of a link are what the person needs.
  case link(DeepLink)
}
