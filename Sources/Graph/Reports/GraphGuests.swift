import Foundation
import RosterCore
import Transport

/// The inactive-guest requests. Graph filters `userType eq 'Guest'`; `signInActivity` can be
/// filtered too, but "not with any other filterable properties" (the user resource's
/// signInActivity row) and never as "null or older" across both clocks, so the dates are compared
/// here. Sponsors are read twenty guests to a `$batch`, one page of guests after another.
struct GraphGuests: Sendable {
  typealias OnRetry = @Sendable (RetryNotice) -> Void
  let directory: GraphDirectory

  static let fields = [
    "id", "displayName", "mail", "userPrincipalName", "createdDateTime", "externalUserState",
    "externalUserStateChangeDateTime", "signInActivity",
  ]
  static let sponsorFields = ["id", "displayName", "mail", "userPrincipalName", "accountEnabled"]

  static var path: String {
    "/users?"
      + ODataText.queryString([
        ("$filter", "userType eq 'Guest'"), ("$select", fields.joined(separator: ",")),
        ("$top", String(GuestClient.pageSize)),
      ])
  }

  /// Page by page: each page's inactive guests get their sponsors and go to `onPage` while the
  /// next page is already being fetched, so output starts after the first page, not the last.
  func inactive(
    cutoff: Date, onPage: @escaping GuestClient.OnPage, onRetry: @escaping OnRetry
  ) async throws(DirectoryError) -> InactiveGuestListing {
    var pending: [InactiveGuest] = []
    var progress = SponsorProgress()
    try await directory.everyPage(
      from: try directory.url(Self.path), maxPages: GuestClient.maxPages, limit: .fail(what: "guests"),
      fetch: { url throws(DirectoryError) in
        let next = Task { () async -> Result<Data, DirectoryError> in
          do throws(DirectoryError) { return .success(try await fetchGuests(url, onRetry: onRetry)) } catch {
            return .failure(error)
          }
        }
        let page = pending
        pending = []
        await hand(page, to: onPage, progress: &progress, onRetry: onRetry)
        return try await next.value.get()
      },
      read: { body throws(DirectoryError) in
        let page = try GuestDecoding.guests(body)
        pending = page.guests.filter { $0.isInactive(since: cutoff) }
        return page.nextLink
      })
    await hand(pending, to: onPage, progress: &progress, onRetry: onRetry)
    return progress.listing
  }

  private func fetchGuests(_ url: URL, onRetry: @escaping OnRetry) async throws(DirectoryError) -> Data {
    do {
      return try await directory.executor.get(
        url, permission: "User.Read.All and AuditLog.Read.All", onRetry: onRetry
      ).body
    } catch .permissionDenied(let text) {
      throw .permissionDenied(Self.refusal(graphSaid: text))
    }
  }

  /// What the pages so far came to: guests handed on, sponsor reads that failed, Graph's refusal.
  struct SponsorProgress {
    var count = 0
    var failed = 0
    var refused: String?

    var listing: InactiveGuestListing {
      if let refused {
        return InactiveGuestListing(
          count: count, sponsorNote: GraphGuests.sponsorRefusal(refused), sponsorsRefused: true)
      }
      let note =
        failed == 0
        ? nil : "Sponsors could not be read for \(failed) guest\(failed == 1 ? "" : "s") (shown as unknown)."
      return InactiveGuestListing(count: count, sponsorNote: note)
    }
  }

  /// One page's guests with their sponsors, handed on when it has any.
  private func hand(
    _ guests: [InactiveGuest], to onPage: GuestClient.OnPage, progress: inout SponsorProgress,
    onRetry: @escaping OnRetry
  ) async {
    guard !guests.isEmpty else { return }
    let page = await withSponsors(guests, progress: &progress, onRetry: onRetry)
    progress.count += page.count
    onPage(page)
  }

  /// Each guest's sponsors, `GraphBatch.maxRequests` guests to a `$batch` and
  /// `GuestClient.sponsorConcurrency` batches at a time (a page of 120 guests is one round trip).
  /// A 403 stops asking (it is the same for every guest) and leaves every later guest's sponsors
  /// unknown.
  func withSponsors(
    _ guests: [InactiveGuest], progress: inout SponsorProgress, onRetry: @escaping OnRetry
  ) async -> [InactiveGuest] {
    guard progress.refused == nil else {
      return guests.map { guest in
        var unread = guest
        unread.sponsors = nil
        return unread
      }
    }
    var result = guests
    var refused: String?
    var failed = 0
    let chunks = stride(from: 0, to: guests.count, by: GraphBatch.maxRequests).map {
      Array(guests.indices[$0..<min($0 + GraphBatch.maxRequests, guests.count)])
    }
    var next = 0
    await withTaskGroup(of: [(Int, Result<[InactiveGuest.Sponsor], DirectoryError>)].self) { group in
      func start() {
        guard next < chunks.count, refused == nil else { return }
        let indices = chunks[next]
        let ids = indices.map { guests[$0].id }
        next += 1
        group.addTask { Array(zip(indices, await sponsorBatch(ids, onRetry: onRetry))) }
      }
      for _ in 0..<GuestClient.sponsorConcurrency { start() }
      while let answers = await group.next() {
        for (index, outcome) in answers {
          switch outcome {
          case .success(let sponsors): result[index].sponsors = sponsors
          case .failure(.permissionDenied(let text)):
            if refused == nil { refused = text }
          case .failure: failed += 1
          }
        }
        start()
      }
    }
    progress.failed += failed
    if let refused {
      progress.refused = refused
      for index in result.indices { result[index].sponsors = nil }
    }
    return result
  }

  /// `/users/{id}/sponsors` for up to 20 guests in one `$batch`, an answer per id in order. Each
  /// inner answer carries its own status (403 a refusal); a guest with more sponsors than one
  /// page (a next link) is read again on its own to follow it.
  func sponsorBatch(
    _ ids: [String], onRetry: @escaping OnRetry
  ) async -> [Result<[InactiveGuest.Sponsor], DirectoryError>] {
    let requests = ids.enumerated().map { GraphBatch.Request(id: String($0.offset), url: Self.sponsorPath($0.element)) }
    let answers: [String: GraphBatch.Answer]
    do throws(DirectoryError) {
      let response = try await directory.executor.send(
        "POST", try directory.url("/$batch"), body: GraphBatch.body(requests), permission: "User.Read.All",
        innerStatus: GraphBatch.retryableInner, onRetry: onRetry)
      answers = try GraphBatch.answers(from: response.body)
    } catch {
      return ids.map { _ in .failure(error) }
    }
    var results: [Result<[InactiveGuest.Sponsor], DirectoryError>] = []
    for (offset, id) in ids.enumerated() {
      guard let answer = answers[String(offset)] else {
        results.append(.failure(.malformedResponse("The batch had no answer for a guest's sponsors.")))
        continue
      }
      guard (200..<300).contains(answer.status) else {
        results.append(
          .failure(
            answer.status == 403
              ? .permissionDenied("User.Read.All") : .service(status: answer.status, code: nil, message: "sponsors")))
        continue
      }
      do throws(DirectoryError) {
        let page = try GuestDecoding.sponsors(answer.response.body)
        results.append(page.nextLink == nil ? .success(page.sponsors) : await sponsors(of: id, onRetry: onRetry))
      } catch {
        results.append(.failure(error))
      }
    }
    return results
  }

  static func sponsorPath(_ id: String) -> String {
    "/users/" + PercentEncoding.encode(id) + "/sponsors?"
      + ODataText.queryString([("$select", Self.sponsorFields.joined(separator: ","))])
  }

  func sponsors(of id: String, onRetry: @escaping OnRetry) async -> Result<[InactiveGuest.Sponsor], DirectoryError> {
    do throws(DirectoryError) {
      let path = Self.sponsorPath(id)
      var all: [InactiveGuest.Sponsor] = []
      try await directory.everyPage(
        from: try directory.url(path), maxPages: 10, limit: .stop,
        fetch: { url throws(DirectoryError) in
          try await directory.executor.get(url, permission: "User.Read.All", onRetry: onRetry).body
        },
        read: { body throws(DirectoryError) in
          let page = try GuestDecoding.sponsors(body)
          all += page.sponsors
          return page.nextLink
        })
      return .success(all)
    } catch {
      return .failure(error)
    }
  }

  static func refusal(graphSaid text: String) -> String {
    let needs = HealthPart.lastSignIn.requirement.explanation
    if text == HealthRequirement.premiumRefusal {
      return "Guests' last sign-ins need Entra ID P1 — Microsoft Graph said the tenant has no premium licence "
        + "(signInActivity \(needs))."
    }
    return "Guests' last sign-ins: Microsoft Graph refused this — most likely the signed-in person holds no directory "
      + "role such as Reports Reader (signInActivity \(needs))."
  }

  static func sponsorRefusal(_ text: String) -> String {
    "Sponsors are unknown: Microsoft Graph refused /users/{id}/sponsors — it needs User.Read.All (or "
      + "Directory.Read.All) and a role that may read guests' sponsors, such as Directory Readers or Guest Inviter."
  }
}
