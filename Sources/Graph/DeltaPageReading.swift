import Foundation
import RosterCore

/// The page around a delta (or listing) page's entries, read once for every kind: `value`,
/// `@odata.nextLink` and `@odata.deltaLink`, straight from the bytes (`JSONCursor`). People
/// (`DeltaDecoding`) and groups (`GroupDeltaDecoding`) differ only in how an entry becomes a
/// change, which `entry` says.
///
/// The body must be JSON throughout: a page that is not (truncated, garbled) is refused whole, so
/// nothing of it is written and the sync resumes from the last committed page. A page without a
/// `value` array, or (unless `listing`: a `/users` or `/groups` page of a fill, whose last page
/// carries no link) without either link, is malformed.
enum DeltaPageReading {
  static func read<Change>(
    _ data: Data, listing: Bool, capacity: Int = 0,
    entry: (inout JSONCursor) throws(JSONCursor.Malformed) -> Change?
  ) throws(DirectoryError) -> (changes: [Change], nextLink: String?, deltaLink: String?) {
    let result: Result<(changes: [Change], nextLink: String?, deltaLink: String?), DirectoryError> =
      data.withUnsafeBytes { raw in
        Result { () throws(DirectoryError) in
          try read(raw.bindMemory(to: UInt8.self), listing: listing, capacity: capacity, entry: entry)
        }
      }
    return try result.get()
  }

  private static func read<Change>(
    _ bytes: UnsafeBufferPointer<UInt8>, listing: Bool, capacity: Int,
    entry: (inout JSONCursor) throws(JSONCursor.Malformed) -> Change?
  ) throws(DirectoryError) -> (changes: [Change], nextLink: String?, deltaLink: String?) {
    var changes: [Change]?
    var next: String?
    var delta: String?
    do {
      var cursor = try JSONCursor(bytes)
      guard try cursor.peek() == .object else {
        throw DirectoryError.malformedResponse("Microsoft Graph sent a delta page that is not a JSON object.")
      }
      try cursor.members { (cursor, key) throws(JSONCursor.Malformed) in
        switch key {
        case "value":
          guard try cursor.peek() == .array else {
            changes = nil
            return try cursor.skip()
          }
          var entries: [Change] = []
          entries.reserveCapacity(capacity)
          try cursor.elements { (cursor) throws(JSONCursor.Malformed) in
            if let change = try entry(&cursor) { entries.append(change) }
          }
          changes = entries
        case "@odata.nextLink": next = try cursor.stringIfAny()
        case "@odata.deltaLink": delta = try cursor.stringIfAny()
        default: try cursor.skip()
        }
      }
      try cursor.end()
    } catch let error as DirectoryError {
      throw error
    } catch let error as JSONCursor.Malformed {
      throw .malformedResponse(
        "Microsoft Graph sent a delta page that is not valid JSON (truncated?): \(error.reason) at byte \(error.offset)."
      )
    } catch {
      throw .malformedResponse("Microsoft Graph sent a delta page that could not be read.")
    }
    guard let changes else { throw .malformedResponse("The delta page from Microsoft Graph has no \"value\" array.") }
    if next?.isEmpty == true { next = nil }
    if delta?.isEmpty == true { delta = nil }
    guard next != nil || delta != nil || listing else {
      throw .malformedResponse("The delta page from Microsoft Graph has neither a next link nor a delta link.")
    }
    return (changes, next, delta)
  }
}
