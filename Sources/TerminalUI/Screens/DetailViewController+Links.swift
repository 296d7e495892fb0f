import Geometry
import RosterCore

/// Acting on the pane's person in one key (issue 31 item 4): `c` Teams chat, `C` Teams call,
/// `@` mail, `e` the Entra admin centre. Each key copies its link (OSC 52, through the Store's
/// one copy path) and says so in the banner; where the terminal shows OSC 8 the pane's top line
/// holds the same links, clickable. Roster opens nothing and sends nothing: the person's own
/// terminal (the local one, over SSH) opens what they click or paste.
extension DetailViewController {
  /// The keys, the link each copies and the words help shows. Letters free in every pane.
  static let linkKeys: [(key: Key, link: PersonLink, help: String)] = [
    (.character("c"), .chat, "copy Teams chat link"),
    (.character("C"), .call, "copy Teams call link"),
    (.character("@"), .mail, "copy mail (mailto:) link"),
    (.character("e"), .portal, "copy Entra admin centre link"),
  ]

  /// The words of the links row, left to right.
  static let linkLabels: [(text: String, link: PersonLink)] = [
    ("Chat", .chat), ("Call", .call), ("Mail", .mail), ("Entra", .portal),
  ]

  static let linkSeparator = " · "

  /// The rows for a person's pane. A link the person lacks the field for (no mail) says so
  /// instead of doing nothing.
  func linkCommands(_ person: Person?, in state: AppState) -> [KeyCommand] {
    guard let person else { return [] }
    return Self.linkKeys.map { row in
      KeyCommand([row.key], row.help) { _, _ in
        guard let link = row.link.link(for: person) else {
          return .handled([
            .app(.warningRaised("\(person.listName) has no \(Self.missing(row.link)): no link to copy."))
          ])
        }
        return .handled([
          .detail(.copyRequested(label: "the \(link.kind.noun) for \(person.listName)", text: link.url))
        ])
      }
    }
  }

  /// What a link needs that the person lacks.
  static func missing(_ link: PersonLink) -> String {
    link == .mail ? "mail address" : "user name or mail"
  }

  /// The person's links as they stand on the row: each word, its column and its link; words
  /// past `width` and links the person lacks are left out.
  static func linkRow(for person: Person, width: Int) -> [(col: Int, text: String, url: String)] {
    var row: [(col: Int, text: String, url: String)] = []
    var col = 0
    for label in linkLabels {
      guard let link = label.link.link(for: person) else { continue }
      let start = row.isEmpty ? 0 : col + DisplayWidth.of(linkSeparator)
      guard start + DisplayWidth.of(label.text) <= width else { break }
      row.append((start, label.text, link.url))
      col = start + DisplayWidth.of(label.text)
    }
    return row
  }

  /// The row's plain text, put in the pane's first line (blank above the name otherwise).
  static func linkLine(_ row: [(col: Int, text: String, url: String)]) -> StyledLine {
    StyledLine(row.map(\.text).joined(separator: linkSeparator), style: .dim)
  }

  /// Draws the words again as hyperlinks over the line `TextPane` drew, when that line (the
  /// pane's first) is in view.
  func drawLinks(
    _ row: [(col: Int, text: String, url: String)], in body: Rect, offset: Int, into surface: inout some Surface
  ) {
    guard offset == 0, body.rows > 0 else { return }
    for link in row {
      surface.putLink(link.text, url: link.url, row: body.row, col: body.col + link.col, style: .underline)
    }
  }
}
