/// One row of a member list, an owner list or a search over people and groups: a person, a
/// group, or an object Graph does not describe to this token.
///
/// Graph's `/members`, `/transitiveMembers` and `/owners` return any directory object: users,
/// groups, devices, service principals, org contacts. Objects the token may not read come back
/// as only `id` and `@odata.type`. Those are `.undescribed` rows, listed and counted, never
/// dropped in silence.
public enum DirectoryObject: Sendable, Equatable, Hashable, Identifiable {
  case person(Person)
  case group(Group)
  case undescribed(UndescribedObject)

  /// The object itself: the one place a member row is unwrapped, so its id, name, type and
  /// where it opens are each read without a switch of their own.
  public var described: any DescribedObject {
    switch self {
    case .person(let person): return person
    case .group(let group): return group
    case .undescribed(let object): return object
    }
  }

  public var id: String { described.id }

  /// The name a row shows.
  public var name: CleanText { described.memberName }

  /// Graph's `@odata.type` for this row (`#microsoft.graph.user`, `#microsoft.graph.group`, …).
  public var odataType: String { described.memberODataType }

  /// Whether Graph gave this row only its id and type: an undescribed object without a name. A
  /// sign-in that reads devices or service principals (Directory.Read.All) gets their names, and
  /// those are not counted as undescribed in the notes.
  public var isOnlyIdAndType: Bool {
    if case .undescribed(let object) = self { object.displayName?.nonEmpty == nil } else { false }
  }

  public var person: Person? { if case .person(let person) = self { person } else { nil } }
  public var group: Group? { if case .group(let group) = self { group } else { nil } }
}

/// An object Graph answered with `id` and `@odata.type` only (or a type Roster does not show:
/// devices, service principals, contacts). Counted and listed as what it is.
public struct UndescribedObject: Sendable, Equatable, Hashable, Codable {
  public var id: String
  /// As Graph sent it, e.g. `#microsoft.graph.device`; empty when it sent none.
  public var odataType: CleanText
  /// When Graph gave one (a device's or an app's name the token may read).
  public var displayName: CleanText?

  public init(id: String, odataType: CleanText, displayName: CleanText? = nil) {
    self.id = id
    self.odataType = odataType
    self.displayName = displayName
  }

  public var kind: DirectoryObjectKind { DirectoryObjectKind(odataType: odataType.string) }
}

/// The kinds of directory object a member list holds.
public enum DirectoryObjectKind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  case user, group, device, servicePrincipal, orgContact, unknown

  public init(odataType: String) {
    let name = odataType.split(separator: ".").last.map { $0.lowercased() } ?? ""
    self = Self.allCases.first { $0.rawValue.lowercased() == name && $0 != .unknown } ?? .unknown
  }

  public var odataType: String { "#microsoft.graph.\(rawValue)" }

  /// "person", "group", "device", "service principal", "contact", "object Roster may not read".
  public var label: CleanText { Self.labels[self] ?? "object this sign-in may not read" }

  /// The words for each kind of member: a table of words, not a decision per kind.
  private static let labels: [Self: CleanText] = [
    .user: "person", .group: "group", .device: "device", .servicePrincipal: "service principal",
    .orgContact: "contact",
  ]
}

extension DirectoryObject: Codable {
  private enum TypeKey: String, CodingKey { case odataType = "@odata.type" }

  /// Graph's shape: the object's properties with `@odata.type` beside them.
  public init(from decoder: any Decoder) throws {
    let type = try decoder.container(keyedBy: TypeKey.self).decodeIfPresent(String.self, forKey: .odataType) ?? ""
    switch DirectoryObjectKind(odataType: type) {
    case .user: self = .person(try Person(from: decoder))
    case .group: self = .group(try Group(from: decoder))
    default: self = .undescribed(try UndescribedObject(from: decoder))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try described.encode(to: encoder)
    guard !(described is UndescribedObject) else { return }  // it writes its own type
    var container = encoder.container(keyedBy: TypeKey.self)
    try container.encode(odataType, forKey: .odataType)
  }
}

/// What a member, owner or search row is, whatever Graph says it is.
public protocol DescribedObject: Sendable, Encodable {
  var id: String { get }
  /// The name a member row shows.
  var memberName: CleanText { get }
  /// Graph's `@odata.type` for it.
  var memberODataType: String { get }
  /// What it opens as in the pane; nil for what the pane does not show.
  var subject: PaneSubject? { get }
}

extension Person: DescribedObject {
  public var memberName: CleanText { displayName?.nonEmpty ?? userPrincipalName ?? CleanText(id) }
  public var memberODataType: String { DirectoryObjectKind.user.odataType }
  public var subject: PaneSubject? { .person(self) }
}

extension Group: DescribedObject {
  public var memberName: CleanText { name }
  public var memberODataType: String { DirectoryObjectKind.group.odataType }
  public var subject: PaneSubject? { .group(self) }
}

extension UndescribedObject: DescribedObject {
  public var memberName: CleanText { displayName?.nonEmpty ?? kind.label }
  public var memberODataType: String { odataType.string }
  /// The registered kind that opens an object of its type (a device member opens as a device,
  /// whose pane reads the rest); nil for a kind Roster does not show.
  public var subject: PaneSubject? {
    ObjectKind.allCases.lazy.compactMap { $0.listed.subject(forMember: self) }.first
  }
}

extension UndescribedObject {
  private enum CodingKeys: String, CodingKey {
    case id, displayName
    case odataType = "@odata.type"
  }
}
