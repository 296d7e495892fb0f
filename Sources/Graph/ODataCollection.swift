import Foundation
import RosterCore

/// One page of a Graph collection as every list arrives (`value`, `@odata.nextLink`,
/// `@odata.count`), read once for every kind: people, groups and rooms differ only in how an
/// entry becomes a value, not in how the page around it is read.
///
/// Only a body that is not a JSON object, or one without a `value` array, is malformed; an entry
/// that is not an object is skipped, and each kind's decoder decides what else it drops.
struct ODataCollection {
  /// The entries that are JSON objects, in Graph's order.
  var objects: [[String: Any]]
  /// The next page's link; nil when absent, empty or not a string (the list ends here).
  var nextLink: String?
  var count: Int?

  init(_ data: Data) throws(DirectoryError) {
    let object = try PeopleDecoding.jsonObject(data)
    guard let values = object["value"] as? [Any] else {
      throw .malformedResponse("The list from Microsoft Graph has no \"value\" array.")
    }
    objects = values.compactMap { $0 as? [String: Any] }
    nextLink = (object["@odata.nextLink"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    count = (object["@odata.count"] as? NSNumber)?.intValue
  }
}
