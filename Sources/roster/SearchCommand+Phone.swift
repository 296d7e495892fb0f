import Foundation
import Index
import RosterCore
import SearchRules

/// A phone number given to `roster search`. Graph cannot find one in any form: `$filter` on
/// `businessPhones` and `mobilePhone` compares the text as stored ("+1 425 555 0100" is not
/// "425.555.0100"), and `$search` does not cover them (PROTOCOL.md, "Filters in the search field"). The index
/// matches digits from the end (`PhoneKey`), so the command asks it first, as the list does: the
/// account's complete index, or in the demo the throw-away one `--close` builds. Without an index
/// Graph is still asked (the digits may be an employee id), and an empty answer says why.
extension SearchCommand {
  /// Whether the words are a phone number the index answered (and wrote); false to ask Graph.
  func answeredPhoneFromIndex(format: OutputFormat) async throws -> Bool {
    guard PhoneKey(typed: text) != nil, columns == nil, !close else { return false }
    let context = try await IndexContext.make(common, demo: demo)
    let index: DirectoryIndex?
    if demo.demo {
      index = await context.syncedForDemo()
    } else if FileManager.default.fileExists(atPath: context.location.file.path),
      let opened = try? context.open(), (try? opened.status())?.complete == true
    {
      index = opened
    } else {
      index = nil
    }
    guard let index else { return false }
    try answer(from: index, format: format)
    return true
  }

  /// Said after Graph found no one for `text` when it reads as a phone number: where phones are
  /// looked up, and how to get there.
  static func phoneNeedsIndex(_ text: String) -> String? {
    guard PhoneKey(typed: text) != nil else { return nil }
    return "Microsoft Graph cannot look up a phone number; roster looks it up in the local index, "
      + "and there is no complete one: run `roster index sync` first."
  }
}
