import Foundation
import RosterCore

/// A directory role as `roleDefinitions` lists it: a built-in role's id is its template id.
public struct RoleDefinition: Sendable, Equatable {
  public var id: String
  public var displayName: CleanText

  public init(id: String, displayName: CleanText) {
    self.id = id
    self.displayName = displayName
  }
}

/// Who holds a role, and how: directly, through a group that holds it, or eligible through PIM
/// (until a date, or permanently). Text was cleaned where it was decoded.
public struct RoleHolding: Sendable, Equatable {
  public enum How: Sendable, Equatable {
    case direct
    case throughGroup(CleanText)
    /// Eligible (PIM) until the date; nil: permanently eligible.
    case eligible(until: Date?)
  }

  public struct Principal: Sendable, Equatable {
    public enum Kind: String, Sendable {
      case person, group, app
    }
    public var kind: Kind
    public var id: String
    public var displayName: CleanText?
    /// A person's user principal name, else the mail address (a group's), else an app's app id.
    public var address: CleanText?

    public init(kind: Kind, id: String, displayName: CleanText?, address: CleanText?) {
      self.kind = kind
      self.id = id
      self.displayName = displayName
      self.address = address
    }
  }

  public var role: RoleDefinition
  public var principal: Principal
  public var how: How

  public init(role: RoleDefinition, principal: Principal, how: How) {
    self.role = role
    self.principal = principal
    self.how = how
  }

  /// Graph's `endDateTime` for an eligibility that ends; nil otherwise.
  public var endDateTime: Date? {
    if case .eligible(let until) = how { return until }
    return nil
  }
}

/// What `RolesClient.holdings` read: every holding of the parts that answered, and a sentence for
/// each part that did not (eligibility without P2 still lists the active members).
public struct RoleListing: Sendable, Equatable {
  public enum Part: Sendable, Equatable {
    case assignments, eligibility
    /// The members of a group that holds a role.
    case groupMembers(CleanText)
  }

  public struct Failure: Sendable, Equatable {
    public var part: Part
    public var error: DirectoryError
    public var sentence: String

    public init(part: Part, error: DirectoryError, sentence: String) {
      self.part = part
      self.error = error
      self.sentence = sentence
    }
  }

  public var holdings: [RoleHolding]
  public var failures: [Failure]

  public init(holdings: [RoleHolding], failures: [Failure]) {
    self.holdings = holdings
    self.failures = failures
  }
}
