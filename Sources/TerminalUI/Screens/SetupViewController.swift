import Geometry
import RosterCore

/// First run without a client id: the app-registration checklist and two fields (client id and
/// tenant) that are saved to the settings file.
@MainActor
public final class SetupViewController: ViewController {
  public var frame: Rect = .zero
  /// Cursor per field (view-local), kept at the end when the text changes by other means.
  private var cursors: [SetupState.Field: (text: String, cursor: Int)] = [:]
  /// How far the checklist is scrolled on a terminal too small for all of it (view-local).
  private var checklistScroll = ScrollPosition()

  public init() {}

  public func keyTable(in state: AppState) -> KeyTable {
    let setup = state.setup
    let fields = SetupState.Field.allCases
    let index = fields.firstIndex(of: setup.focusedField) ?? 0
    return KeyTable([
      KeyCommand([.tab, .up, .down], also: [.backTab], label: "Tab/↑/↓", "next field", hint: true) { key, _ in
        let step = key == .tab || key == .down ? 1 : fields.count - 1
        return .handled([.setup(.fieldFocused(fields[(index + step) % fields.count]))])
      },
      KeyCommand([.enter], "save", hint: true) { _, _ in .handled(setup.isSaving ? [] : [.setup(.submitted)]) },
      KeyCommand([.pageUp, .pageDown], "scroll the checklist", hint: checklistScroll.canScroll) {
        [self] key, _ in
        if key == .pageDown { checklistScroll.pageDown() } else { checklistScroll.pageUp() }
        return .handled([])
      },
      KeyCommand([.control("u")], "clear field") { [self] key, state in edit(key, state) },
      // Both fields are text: `q` types (a tenant name may hold one); `?` stays help.
      .fallback("type", nil, over: [.character("q"), .character("Q")]) { [self] key, state in edit(key, state) },
    ])
  }

  /// Edits the focused field (its text in state, its cursor here).
  private func edit(_ key: Key, _ state: AppState) -> KeyResult {
    let setup = state.setup
    let field = setup.focusedField
    let text = (field == .clientId ? setup.clientId : setup.tenant).string
    var model = TextFieldModel(text: text, cursor: cursor(for: field, text: text), maxLength: 200)
    guard model.apply(key) else { return .ignored }
    cursors[field] = (model.text, model.cursor)
    return .handled(model.text == text ? [] : [.setup(.fieldEdited(field, model.text))])
  }

  private func cursor(for field: SetupState.Field, text: String) -> Int {
    guard let saved = cursors[field], saved.text == text else { return text.count }
    return saved.cursor
  }

  public func render(_ state: AppState, into surface: inout some Surface, focused: Bool) {
    guard !frame.isEmpty else { return }
    surface.clear(frame)
    let width = frame.cols - 4
    surface.put("Set up Roster", row: frame.row + 1, col: frame.col + 2, width: width, style: .title)
    // The checklist gets the rows the fields and the save line leave; on a small terminal it
    // scrolls (PgUp/PgDn, arrows in its right column) and the fields stay where they are.
    let lines = Self.checklist(width: width)
    let top = frame.row + 3
    let visible = max(0, min(lines.count, frame.maxRow - 5 - top))
    let area = Rect(row: top, col: frame.col + 2, rows: visible, cols: width + 1)
    checklistScroll.fit(lineCount: lines.count, visibleRows: visible)
    TextPane.render(lines, offset: checklistScroll.offset, in: area, into: &surface)

    var row = top + visible + (visible > 0 ? 1 : 0)
    let fieldRect = Rect(row: frame.row, col: frame.col + 2, rows: frame.rows, cols: width)
    // The example client id whole where the field has room for it, else words that are whole:
    // a cut "00000000-0000-…" shows neither the shape nor the length (issue 28 item 9).
    let example = "00000000-0000-0000-0000-000000000000"
    let exampleFits = DisplayWidth.of(example) + 2 <= width - DisplayWidth.of("> Client ID: ")
    for (field, label, text) in [
      (SetupState.Field.clientId, "Client ID: ", state.setup.clientId),
      (.tenant, "Tenant:    ", state.setup.tenant),
    ] where row < frame.maxRow {
      let isFocused = focused && state.setup.focusedField == field
      TextFieldView.render(
        label: (isFocused ? "> " : "  ") + label, text: text.string,
        cursor: cursor(for: field, text: text.string),
        placeholder: field == .clientId ? (exampleFits ? example : "a GUID") : "organizations",
        row: row, in: fieldRect, focused: isFocused, into: &surface
      )
      row += 1
    }
    row += 1
    guard row < frame.maxRow else { return }
    if state.setup.isSaving {
      surface.put("Saving…", row: row, col: frame.col + 2, style: .plain)
    } else if let error = state.setup.error {
      surface.put(error.string, row: row, col: frame.col + 2, width: width, style: .error)
    } else {
      let hint =
        checklistScroll.canScroll ? "PgDn: more steps · Enter: save" : "Enter saves these to the settings file."
      surface.put(hint, row: row, col: frame.col + 2, width: width, style: .muted)
    }
  }

  /// What to set up in Entra ID, wrapped to `width` (item numbers hang, the text indents).
  private static func checklist(width: Int) -> [StyledLine] {
    let items = [
      "1. Entra admin center → App registrations → New registration.",
      "2. Authentication → Allow public client flows: Yes.",
      "3. Add a platform: Mobile and desktop, redirect URI http://localhost",
      "4. API permissions (delegated): User.Read, User.ReadBasic.All; User.Read.All for phones, titles and managers (admin consent).",
      "5. Copy the Application (client) ID and the Directory (tenant) ID below.",
    ]
    // A newcomer without a tenant (or rights to register an app) can still see what Roster does:
    // the first screen says how (issue 40).
    let demo = "No tenant at hand? Ctrl-C, then `roster --demo` runs Roster against a built-in sandbox tenant."
    // One column is left free before the scroll arrows.
    var lines = Truncation.wrap(
      "Roster needs an app registration in your Microsoft Entra tenant:", width: max(1, width - 1)
    )
    .map { StyledLine($0) }
    for item in items {
      lines += Truncation.wrap(item, width: max(1, width - 5)).enumerated().map {
        StyledLine($1, indent: $0 == 0 ? 1 : 4)
      }
    }
    return lines + Truncation.wrap(demo, width: max(1, width - 1)).map { StyledLine($0) }
  }
}
