import Foundation
import RosterCore
import Transport

/// Reads schedules from Graph: addresses in calls of at most `perCall`, at most `concurrent`
/// calls in flight, the answers put back in the order asked.
struct GraphSchedule: Sendable {
  let configuration: GraphConfiguration
  let executor: GraphRequestExecutor
  let perCall: Int
  let concurrent: Int

  func schedules(for addresses: [String], window: DateInterval, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> [PersonSchedule]
  {
    let chunks = stride(from: 0, to: addresses.count, by: perCall).map {
      Array(addresses[$0..<min($0 + perCall, addresses.count)])
    }
    var answers: [[PersonSchedule]] = Array(repeating: [], count: chunks.count)
    do {
      try await withThrowingTaskGroup(of: (Int, [PersonSchedule]).self) { group in
        var next = 0
        func startNext() {
          guard next < chunks.count else { return }
          let index = next
          next += 1
          group.addTask { (index, try await call(chunks[index], window: window, onRetry: onRetry)) }
        }
        for _ in 0..<concurrent { startNext() }
        while let (index, schedules) = try await group.next() {
          answers[index] = schedules
          startNext()
        }
      }
    } catch let error as DirectoryError {
      throw error
    } catch {
      throw .cancelled
    }
    return zip(chunks, answers).flatMap { Self.matched($0, $1) }
  }

  /// One schedule per address asked, matched by `scheduleId` (any case) and else by position;
  /// an address Graph left out gets an error saying so.
  static func matched(_ addresses: [String], _ answers: [PersonSchedule]) -> [PersonSchedule] {
    var byAddress: [String: PersonSchedule] = [:]
    for answer in answers where byAddress[answer.address.string.lowercased()] == nil {
      byAddress[answer.address.string.lowercased()] = answer
    }
    let asked = Set(addresses.map { $0.lowercased() })
    return addresses.enumerated().map { index, address in
      if let found = byAddress[address.lowercased()] { return found }
      // Graph may answer with the mailbox's primary address instead of the alias asked about.
      if answers.count == addresses.count, !asked.contains(answers[index].address.string.lowercased()) {
        return answers[index]
      }
      return PersonSchedule(
        address: CleanText(address),
        error: FreeBusyError(message: "Microsoft Graph returned no schedule for this address."))
    }
  }

  /// One getSchedule call. Times go out and come back in UTC (`Prefer: outlook.timezone`), so no
  /// zone name has to be understood to place a meeting. A 403 becomes the line that names the
  /// permission to add.
  private func call(_ addresses: [String], window: DateInterval, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> [PersonSchedule]
  {
    guard let url = URL(string: configuration.root + "/me/calendar/getSchedule") else {
      throw .malformedResponse("The Graph address \(configuration.root) is not a URL.")
    }
    let response: HTTPResponse
    do {
      response = try await executor.send(
        "POST", url, body: Self.body(addresses, window: window), headers: [("Prefer", #"outlook.timezone="UTC""#)],
        permission: ScheduleClient.permission, onRetry: onRetry)
    } catch .permissionDenied {
      throw .permissionDenied(ScheduleClient.permissionExplanation)
    } catch .notFound {
      // Not "no such person": the caller's own calendar is what Graph could not find.
      throw .service(status: 404, code: nil, message: ScheduleClient.noCalendarExplanation)
    }
    return try ScheduleDecoding.schedules(from: response.body)
  }

  /// The request body: addresses, the window in UTC, and 30-minute slots (Graph's default) for
  /// `availabilityView`, which nothing here reads: the items carry the exact times.
  static func body(_ addresses: [String], window: DateInterval) -> Data {
    func stamp(_ date: Date) -> [String: String] {
      let local = LocalDateTime(date, offset: 0)
      return [
        "dateTime": "\(local.day)T"
          + String(format: "%02d:%02d:%02d", local.seconds / 3600, local.seconds / 60 % 60, local.seconds % 60),
        "timeZone": "UTC",
      ]
    }
    let object: [String: Any] = [
      "schedules": addresses, "startTime": stamp(window.start), "endTime": stamp(window.end),
      "availabilityViewInterval": 30,
    ]
    return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
  }
}
