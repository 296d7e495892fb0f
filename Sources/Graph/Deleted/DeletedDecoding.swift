import Foundation
import RosterCore

/// Decodes deleted items and directory audits leniently, as `HealthDecoding` does: an entry
/// without an id is dropped, a field of the wrong type is absent, and text is cleaned here.
enum DeletedDecoding {
  static func items(_ data: Data, kind: DeletedItem.Kind) throws(DirectoryError) -> (
    items: [DeletedItem], nextLink: String?
  ) {
    let page = try ODataCollection(data)
    let items = page.objects.compactMap { object -> DeletedItem? in
      guard let id = object["id"] as? String, !id.isEmpty else { return nil }
      return DeletedItem(
        kind: kind, id: CleanText(id).string, displayName: text(object["displayName"]),
        userPrincipalName: text(object["userPrincipalName"]), mail: text(object["mail"]),
        deletedDateTime: HealthDecoding.date(object["deletedDateTime"]))
    }
    return (items, page.nextLink)
  }

  /// Target id (lower-cased) → who acted, from each entry's `initiatedBy` and first target.
  static func audits(_ data: Data) throws(DirectoryError) -> (
    deleters: [(String, DeletedItem.Deleter)], nextLink: String?
  ) {
    let page = try ODataCollection(data)
    let deleters = page.objects.compactMap { entry -> (String, DeletedItem.Deleter)? in
      guard let targets = entry["targetResources"] as? [Any], let target = targets.first as? [String: Any],
        let id = target["id"] as? String, let by = entry["initiatedBy"] as? [String: Any]
      else { return nil }
      if let user = by["user"] as? [String: Any] {
        return (
          id.lowercased(),
          .init(
            id: user["id"] as? String, displayName: text(user["displayName"]),
            userPrincipalName: text(user["userPrincipalName"]), isApp: false)
        )
      }
      if let app = by["app"] as? [String: Any] {
        return (
          id.lowercased(),
          .init(
            id: app["servicePrincipalId"] as? String, displayName: text(app["displayName"]), userPrincipalName: nil,
            isApp: true)
        )
      }
      return nil
    }
    return (deleters, page.nextLink)
  }

  private static func text(_ value: Any?) -> CleanText? {
    (value as? String).flatMap { $0.isEmpty ? nil : CleanText($0) }
  }
}
