import Foundation
import RosterCore
import SearchRules

/// The one person a command's key names (issue 40 item 14), for `show`, `signins`, `free`, `link`
/// and `org` alike: an object id or user principal name as Graph's `/users/{key}` takes them, else
/// an alias, other mail or employee id as `roster search` finds them (`TypedIdentifier`: the same
/// reading online and offline), and for `free`, a name that names one person. Found any other way
/// than the key itself, the person comes with how (`found`), which the command says on stderr.
enum PersonLookup {
  struct Found {
    var detail: PersonDetail
    /// "alias smtp:ann.old@contoso.com", "employee id 100234", "name"; nil: the key was the id
    /// or user name.
    var found: CleanText?
  }

  /// How far a key is read.
  enum Reading {
    /// Ids, user names, addresses and employee ids (`show`: a name is `roster search`'s job).
    case identifiers
    /// Those, then a name that names one person (`free`, where people are named by name).
    case identifiersAndNames
  }

  static func find(_ key: String, in client: DirectoryClient, reading: Reading = .identifiers) async throws -> Found {
    let trimmed = key.trimmingCharacters(in: .whitespaces)
    if trimmed.contains("@") || UUID(uuidString: trimmed) != nil {
      do {
        return Found(detail: try await client.personDetail(trimmed, DirectoryCommand.reportRetry))
      } catch DirectoryError.notFound {
        // An alias or other mail is no key of `/users/{key}`: asked for below.
      }
    }
    // One search answers both readings: its identifier owners come first, marked (`withIdentifiers`).
    var asked: PeoplePage?
    func search() async throws -> PeoplePage {
      if let asked { return asked }
      let page = try await client.searchPeople(PeopleQuery(text: trimmed, pageSize: 25), DirectoryCommand.reportRetry)
      asked = page
      return page
    }
    let identifiers = TypedIdentifier.read(trimmed)
    if !identifiers.isEmpty {
      let owners = try await search().people.compactMap { $0.marked(by: identifiers) }
      if let one = try only(owners, key: trimmed) {
        return Found(
          detail: try await client.personDetail(one.id, DirectoryCommand.reportRetry), found: one.matchedIdentifier)
      }
    }
    if reading == .identifiersAndNames, !trimmed.contains("@") {
      let page = try await search()
      // A name typed whole names its owner even beside longer names that start with it.
      let typed = TextFolding.searchFolded(trimmed)
      let whole = page.people.filter { ($0.displayName?.string).map(TextFolding.searchFolded) == typed }
      if let one = try only(whole.isEmpty ? page.people : whole, key: trimmed) {
        return Found(detail: try await client.personDetail(one.id, DirectoryCommand.reportRetry), found: "name")
      }
    }
    let line = "No one in the directory is “\(CleanText(trimmed))”."
    throw CommandStop(exitCode: 1, message: "roster: " + line, summary: line)
  }

  /// The one person of `people`; nil for none; several are refused with who they are, so the
  /// person can give one's user name.
  private static func only(_ people: [Person], key: String) throws -> Person? {
    guard people.count > 1 else { return people.first }
    let names = people.prefix(5).map { person in
      "\(PeopleOutput.displayName(person)) <\(person.userPrincipalName?.string ?? person.id)>"
    }
    let more = people.count > 5 ? " and \(people.count - 5) more" : ""
    let line =
      "“\(CleanText(key))” names \(people.count) people: \(names.joined(separator: ", "))\(more). Give one's user name."
    throw CommandStop(exitCode: 1, message: "roster: " + line, summary: line)
  }
}
