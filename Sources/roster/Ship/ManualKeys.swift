import Foundation
import Geometry
import RosterCore
import TerminalUI

/// The KEYS section, read from the key tables that dispatch the keys (the same rows the `?` help
/// overlay shows), for a typical state of each screen: nothing here names a key by hand.
enum ManualKeys {
  struct Section {
    var title: String
    var bindings: [KeyBinding]
  }

  @MainActor
  static func sections() -> [Section] {
    let root = RootViewController()
    let person = Person(id: "1", displayName: "Ada Lovelace", mail: "ada@example.com", jobTitle: "Engineer")
    var list = AppState(settings: Settings(), now: Date(timeIntervalSince1970: 0))
    list.terminal = TerminalSize(rows: 24, cols: 100)
    list.screen = .main
    list.field.query = "ada"
    list.search.status = .results
    list.search.results = [person]
    list.search.resultsQuery = "ada"
    list.search.answer = CachedResults(people: [person], next: nil, totalCount: nil)
    list.list.selected = ListRowID(.person, person.id)
    var detail = list
    detail.focus = .detail
    detail.detail.pane = .person(PersonPane(.loaded(PersonDetail(person: person))))
    var empty = list
    empty.field.query = ""
    var tasks = AppState(settings: Settings(), now: Date(timeIntervalSince1970: 0))
    tasks.terminal = TerminalSize(rows: 24, cols: 100)
    tasks.screen = .tasks
    var sections = [
      Section(title: "Search and list", bindings: root.focused(list).bindings(in: list)),
      Section(title: "Detail pane", bindings: root.focused(detail).bindings(in: detail)),
      Section(title: "Task list (B2C)", bindings: root.focused(tasks).bindings(in: tasks)),
      Section(title: "Everywhere", bindings: root.globalTable(empty).bindings),
    ]
    sections = sections.filter { !$0.bindings.isEmpty }
    return sections
  }

  static func render(_ sections: [Section]) -> [String] {
    var out = ManualPage.textLines(
      "The full-screen browser's keys, as its ? help lists them (the help shows only the keys that work where the focus is)."
    )
    for section in sections {
      out += [".Ss \(ManualPage.escapeArgument(section.title))", ".Bl -tag -width Ds -compact"]
      var seen: Set<String> = []
      for binding in section.bindings where seen.insert(binding.keys + binding.help).inserted {
        out.append(".It \(ManualPage.escapeArgument(binding.keys))")
        out += ManualPage.textLines(binding.help)
      }
      out.append(".El")
    }
    return out
  }
}
