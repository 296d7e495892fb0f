import Foundation
import SearchRules

/// "Your people" (issue 32): whom the signed-in person works with, as Microsoft 365 ranks them
/// (`/me/people`, People.Read), and whom they opened in Roster on this machine. Searches list them
/// first within each tier of the one ranking rule (`Closeness`), marked, so "anna" gives the Anna
/// they work with.
///
/// Kept in the account's local index (`YourPeopleStore`); the opened list never leaves the
/// machine and `roster history --clear` forgets it.
public struct YourPeople: Equatable, Sendable {
  /// Ids in Graph's relevance order.
  public private(set) var worksWith: [String]
  /// When `worksWith` was read from Graph; nil when it never was (or was forgotten).
  public private(set) var worksWithReadAt: Date?
  /// Most recently opened first, at most `openedKept`.
  public private(set) var opened: [Opened]
  /// The order the ranking uses, made once per change.
  public private(set) var closeness: Closeness

  /// One person opened in Roster (Enter on their row, or `roster show`).
  public struct Opened: Equatable, Sendable {
    public var id: String
    public var at: Date

    public init(id: String, at: Date) {
      self.id = id
      self.at = at
    }
  }

  /// Why a person is among the person's people, for the mark and the pane.
  public enum Reason: Equatable, Sendable {
    /// Opened in Roster at this time.
    case opened(Date)
    /// Microsoft 365 lists them among the people the person works with.
    case worksWith
  }

  /// How many opened people are kept: a history, not a log; the oldest goes first.
  public static let openedKept = 100
  /// How often `/me/people` is read again: it changes slowly (mail, chats and meetings).
  public static let refreshAfter: TimeInterval = 24 * 60 * 60

  public init(worksWith: [String] = [], worksWithReadAt: Date? = nil, opened: [Opened] = []) {
    self.worksWith = worksWith
    self.worksWithReadAt = worksWithReadAt
    self.opened = Array(opened.prefix(Self.openedKept))
    closeness = Closeness(opened: self.opened.map(\.id), worksWith: worksWith)
  }

  public static let none = YourPeople()

  public var isEmpty: Bool { worksWith.isEmpty && opened.isEmpty }

  /// Why `id` is among the person's people; nil when they are not. Opened wins: it is what the
  /// person did themselves, and the more recent fact.
  public func reason(for id: String) -> Reason? {
    if let entry = opened.first(where: { $0.id == id }) { return .opened(entry.at) }
    return closeness.rank(of: id) == nil ? nil : .worksWith
  }

  /// Whether `/me/people` is due to be read again at `now`.
  public func worksWithIsDue(at now: Date) -> Bool {
    guard let read = worksWithReadAt else { return true }
    return now.timeIntervalSince(read) >= Self.refreshAfter || now < read
  }

  /// `id` opened at `at`: first in the history, once.
  public mutating func open(_ id: String, at: Date) {
    opened.removeAll { $0.id == id }
    opened.insert(Opened(id: id, at: at), at: 0)
    if opened.count > Self.openedKept { opened.removeLast(opened.count - Self.openedKept) }
    closeness = Closeness(opened: opened.map(\.id), worksWith: worksWith)
  }

  /// Graph's list as read at `at`.
  public mutating func setWorksWith(_ ids: [String], readAt at: Date) {
    worksWith = ids
    worksWithReadAt = at
    closeness = Closeness(opened: opened.map(\.id), worksWith: worksWith)
  }

  /// Graph refused `/me/people` (or the sign-in lacks People.Read): nothing of it is kept.
  public mutating func forgetWorksWith() {
    worksWith = []
    worksWithReadAt = nil
    closeness = Closeness(opened: opened.map(\.id), worksWith: [])
  }

  /// `roster history --clear`.
  public mutating func clearOpened() {
    opened = []
    closeness = Closeness(opened: [], worksWith: worksWith)
  }

  /// A person Graph no longer has (a 404): out of both lists.
  public mutating func remove(_ id: String) {
    guard closeness.rank(of: id) != nil else { return }
    worksWith.removeAll { $0 == id }
    opened.removeAll { $0.id == id }
    closeness = Closeness(opened: opened.map(\.id), worksWith: worksWith)
  }
}

/// The index's keeping of "your people", as the runtime uses it: closures over the attached index
/// (`LocalIndexClient.live`), fakes in tests, nothing without an index.
public struct YourPeopleStore: Sendable {
  /// What the index keeps; `.none` without an index.
  public var load: @Sendable () -> YourPeople
  /// Keeps Graph's list (replacing the one before) as read at the date.
  public var saveWorksWith: @Sendable (_ ids: [String], _ readAt: Date) -> Void
  /// Forgets Graph's list (refused, or the sign-in lacks People.Read).
  public var forgetWorksWith: @Sendable () -> Void
  /// Keeps that the person opened `id` at the date.
  public var recordOpened: @Sendable (_ id: String, _ at: Date) -> Void

  public init(
    load: @escaping @Sendable () -> YourPeople,
    saveWorksWith: @escaping @Sendable ([String], Date) -> Void,
    forgetWorksWith: @escaping @Sendable () -> Void,
    recordOpened: @escaping @Sendable (String, Date) -> Void
  ) {
    self.load = load
    self.saveWorksWith = saveWorksWith
    self.forgetWorksWith = forgetWorksWith
    self.recordOpened = recordOpened
  }

  /// No index: nothing kept, nothing found.
  public static let none = YourPeopleStore(
    load: { .none }, saveWorksWith: { _, _ in }, forgetWorksWith: {}, recordOpened: { _, _ in })
}

extension YourPeople {
  /// The mark after a near person's name in lists (`roster search` and the app): a small
  /// diamond, which no name holds, and which the README's ranking rule names.
  public static let mark = "★"

  /// Why `id` is among the person's people, in words for the pane and `roster show`: "you work
  /// with them (Microsoft 365)", "you opened them 3 days ago", or both; nil when they are not.
  public func explanation(for id: String, now: Date) -> String? {
    var parts: [String] = []
    if worksWith.contains(id) { parts.append("you work with them (Microsoft 365)") }
    if let entry = opened.first(where: { $0.id == id }) {
      parts.append("you opened them " + IndexState.age(now.timeIntervalSince(entry.at)))
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}

extension YourPeople {
  /// What to do about Graph's list, the one rule for the app and `roster index sync`.
  public enum Refresh: Equatable, Sendable {
    /// Read `/me/people` now.
    case read
    /// The sign-in may not read it: forget any kept.
    case forget
    /// Fresh enough.
    case keep
  }

  /// Read when the sign-in holds People.Read and the list is a day old; forget without it.
  public func refresh(for account: Account, at now: Date) -> Refresh {
    guard account.canReadYourPeople else { return .forget }
    return worksWithIsDue(at: now) ? .read : .keep
  }
}
