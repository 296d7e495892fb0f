import Foundation
import RosterCore

/// One soft-deleted person or group from `/directory/deletedItems`, its text cleaned where it was
/// decoded (a deleted object's name is what anyone once typed).
public struct DeletedItem: Sendable, Equatable {
  public enum Kind: String, Sendable, CaseIterable {
    case person, group

    /// Graph's cast and `@odata.type` name: `microsoft.graph.user` or `microsoft.graph.group`.
    public var graphType: String { self == .person ? "microsoft.graph.user" : "microsoft.graph.group" }
  }

  /// Who deleted it, as the directory's audit log says.
  public struct Deleter: Sendable, Equatable {
    public var id: String?
    public var displayName: CleanText?
    /// A person's user principal name; nil for an app.
    public var userPrincipalName: CleanText?
    public var isApp: Bool

    public init(id: String?, displayName: CleanText?, userPrincipalName: CleanText?, isApp: Bool) {
      self.id = id
      self.displayName = displayName
      self.userPrincipalName = userPrincipalName
      self.isApp = isApp
    }
  }

  public var kind: Kind
  public var id: String
  public var displayName: CleanText?
  /// As Graph keeps it: a deleted user's name is prefixed with its id (`shownPrincipalName` undoes it).
  public var userPrincipalName: CleanText?
  public var mail: CleanText?
  public var deletedDateTime: Date?
  public var deletedBy: Deleter?

  public init(
    kind: Kind, id: String, displayName: CleanText?, userPrincipalName: CleanText? = nil, mail: CleanText? = nil,
    deletedDateTime: Date?, deletedBy: Deleter? = nil
  ) {
    self.kind = kind
    self.id = id
    self.displayName = displayName
    self.userPrincipalName = userPrincipalName
    self.mail = mail
    self.deletedDateTime = deletedDateTime
    self.deletedBy = deletedBy
  }

  /// Graph keeps deleted users and groups this long, then deletes them for good.
  public static let retention: TimeInterval = 30 * 86_400

  /// Whole days until Graph deletes it for good (0: today); nil when Graph gave no date.
  public func daysLeft(now: Date) -> Int? {
    guard let deletedDateTime else { return nil }
    return max(
      0, Int((deletedDateTime.addingTimeInterval(Self.retention).timeIntervalSince(now) / 86_400).rounded(.down)))
  }

  /// The user principal name the person had: Graph prefixes a deleted user's with the object id
  /// without hyphens, freeing the name for someone new; that prefix is noise to a reader.
  public var shownPrincipalName: String? {
    guard let upn = userPrincipalName?.string else { return nil }
    let prefix = id.replacingOccurrences(of: "-", with: "").lowercased()
    guard !prefix.isEmpty, upn.lowercased().hasPrefix(prefix), upn.count > prefix.count else { return upn }
    return String(upn.dropFirst(prefix.count))
  }
}

/// What `DeletedClient.list` read: the items of every part that answered, newest first, and a
/// sentence for each part that did not, so a refusal for groups still lists the people.
public struct DeletedListing: Sendable, Equatable {
  public var items: [DeletedItem]
  /// Parts Graph refused or failed, each with the sentence to show.
  public var failures: [Failure]
  /// Whether the audit log was read: false leaves every deleter unknown, with `auditNote` saying why.
  public var deletersKnown: Bool
  public var auditNote: String?

  public struct Failure: Sendable, Equatable {
    public var kind: DeletedItem.Kind
    public var error: DirectoryError
    public var sentence: String
  }

  public init(items: [DeletedItem], failures: [Failure], deletersKnown: Bool, auditNote: String?) {
    self.items = items
    self.failures = failures
    self.deletersKnown = deletersKnown
    self.auditNote = auditNote
  }
}
