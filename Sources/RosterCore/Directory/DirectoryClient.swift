import Foundation
import SearchRules

/// One people search as the search engine asks for it.
public struct PeopleQuery: Sendable, Equatable, Hashable {
  /// What the person typed, untrimmed; the Graph client escapes it.
  public var text: String
  /// How many results one page should hold (sized to the screen; Graph allows 1–999).
  public var pageSize: Int
  /// The local index adds close matches when it finds fewer exact ones than this (a screenful);
  /// 0 asks for none. Graph is never asked for them.
  public var closeMatchesBelow: Int
  /// Conditions beside the name words (`dept:Sales`, `is:guest`); `text` then holds the words
  /// only. Every path receives them: Graph as `$filter`, the index by deferring to Graph.
  public var filters: [PersonFilter]
  /// Graph properties to read beside the list's (`roster search --columns city,…`).
  public var fields: [String]

  public init(
    text: String, pageSize: Int, closeMatchesBelow: Int = 0, filters: [PersonFilter] = [], fields: [String] = []
  ) {
    self.text = text
    self.pageSize = pageSize
    self.closeMatchesBelow = closeMatchesBelow
    self.filters = filters
    self.fields = fields
  }
}

/// Where the next page of a result set is; opaque to everyone but the Graph client.
public struct PageCursor: Sendable, Equatable, Hashable {
  /// The absolute `@odata.nextLink`, followed as-is.
  public var nextLink: String
  public init(nextLink: String) { self.nextLink = nextLink }
}

/// One page of people.
public struct PeoplePage: Sendable, Equatable {
  public var people: [Person]
  /// nil on the last page.
  public var next: PageCursor?
  /// `@odata.count` when the server gave one (first page only).
  public var totalCount: Int?

  public init(people: [Person], next: PageCursor? = nil, totalCount: Int? = nil) {
    self.people = people
    self.next = next
    self.totalCount = totalCount
  }
}

/// Everything the detail pane shows about one person.
public struct PersonDetail: Sendable, Equatable {
  public var person: Person
  /// The managers above the person, nearest first, up to the top of the organisation (one
  /// request with `$expand=manager($levels=max)`); empty when there is none or it is hidden.
  public var managerChain: [Person]
  public var directReports: [Person]
  /// True when the manager / reports could not be read for lack of permission (403), so the
  /// pane says so instead of showing "none".
  public var relationsHidden: Bool
  /// Read from the local index because Microsoft Graph could not be reached: as fresh as the
  /// index's last sync, which the pane says.
  public var fromIndex: Bool

  /// `managerChain` wins over `manager` when both are given; `manager` alone is a chain of one.
  public init(
    person: Person, manager: Person? = nil, managerChain: [Person]? = nil, directReports: [Person] = [],
    relationsHidden: Bool = false, fromIndex: Bool = false
  ) {
    self.person = person
    self.managerChain = managerChain ?? manager.map { [$0] } ?? []
    self.directReports = directReports
    self.relationsHidden = relationsHidden
    self.fromIndex = fromIndex
  }

  /// The immediate manager; nil when the person has none or the token may not read it.
  public var manager: Person? { managerChain.first }
}

/// A wait the client is sitting out before retrying, so the UI can count it down.
public struct RetryNotice: Sendable, Equatable {
  /// `signInUnavailable`: the token endpoint had trouble refreshing the access token (temporary;
  /// the session is kept).
  public enum Reason: Sendable, Equatable { case throttled, serviceUnavailable, transientFailure, signInUnavailable }
  public var reason: Reason
  public var wait: Duration
  /// 1 for the first retry.
  public var attempt: Int

  public init(reason: Reason, wait: Duration, attempt: Int) {
    self.reason = reason
    self.wait = wait
    self.attempt = attempt
  }
}

/// Why a directory call failed, in terms the UI can explain.
public enum DirectoryError: Error, Sendable, Equatable {
  /// No network, reset connection, timeout: keep the last results and mark them.
  case offline(String)
  /// Still throttled after the bounded retries.
  case throttled(retryAfter: Duration)
  /// 403: the token lacks a permission; the text names it.
  case permissionDenied(String)
  /// A personal Microsoft account has no organisation directory.
  case personalAccount
  /// No token without signing in again.
  case signInRequired(SignInFailure)
  case notFound
  /// Any other service error, with Graph's `code` when present.
  case service(status: Int, code: String?, message: String)
  /// The body was not what Graph sends (truncated, not JSON, wrong shape).
  case malformedResponse(String)
  /// The request was cancelled because a newer one replaced it.
  case cancelled
  /// The question cannot be asked this way (a filter Graph cannot express); the text says why.
  case unsupportedQuery(String)
}

/// Directory reads as the runtime uses them: a struct of closures, `live` in Graph, fakes in tests.
public struct DirectoryClient: Sendable {
  /// First page of people matching `query`; `onRetry` is told of each wait before a retry.
  public var searchPeople:
    @Sendable (_ query: PeopleQuery, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> PeoplePage
  /// The page after `cursor`.
  public var nextPage:
    @Sendable (_ cursor: PageCursor, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> PeoplePage
  /// Person, manager and direct reports for the detail pane.
  public var personDetail:
    @Sendable (_ id: String, _ onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws -> PersonDetail
  /// Teams presence of the people with these ids (any number; the client splits them into
  /// Graph's batches). Throws `.permissionDenied` without `Presence.Read.All`.
  public var presences: @Sendable (_ ids: [String]) async throws -> [String: Presence]
  /// Gets a connection to the directory ready (and the access token, when it is due for a
  /// refresh) before the first search needs them; errors are the first search's to report.
  public var warmUp: @Sendable () async -> Void
  /// The photo `request` names, decoded; nil when the person has none. (Fakes in tests answer nil.)
  public var personPhoto: @Sendable (_ request: PhotoRequest) async throws -> PhotoImage?
  /// The JPEG behind `personPhoto` (a vCard's PHOTO); nil when the person has none.
  public var personPhotoJPEG: @Sendable (_ request: PhotoRequest) async throws -> Data?

  public init(
    searchPeople:
      @escaping @Sendable (PeopleQuery, @escaping @Sendable (RetryNotice) -> Void) async throws -> PeoplePage,
    nextPage: @escaping @Sendable (PageCursor, @escaping @Sendable (RetryNotice) -> Void) async throws -> PeoplePage,
    personDetail: @escaping @Sendable (String, @escaping @Sendable (RetryNotice) -> Void) async throws -> PersonDetail,
    presences: @escaping @Sendable ([String]) async throws -> [String: Presence] = { _ in
      throw DirectoryError.permissionDenied("Presence.Read.All")
    },
    warmUp: @escaping @Sendable () async -> Void = {},
    personPhoto: @escaping @Sendable (PhotoRequest) async throws -> PhotoImage? = { _ in nil },
    personPhotoJPEG: @escaping @Sendable (PhotoRequest) async throws -> Data? = { _ in nil }
  ) {
    self.searchPeople = searchPeople
    self.nextPage = nextPage
    self.personDetail = personDetail
    self.presences = presences
    self.warmUp = warmUp
    self.personPhoto = personPhoto
    self.personPhotoJPEG = personPhotoJPEG
  }
}
