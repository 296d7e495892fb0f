import Geometry
import RosterCore

/// The pane's fix box (issue 45): a box over the screen for each step of `FixState` — the fixes
/// that apply, the group to name, the target in full with their user name to type back, the
/// wait for Graph, and what it came to (a Temporary Access Pass shown here, once). The words are
/// `WritePlan`'s and `WriteOutcome`'s, the same as the command line's.
public enum FixOverlay {
  /// The menu's key for each fix: the first letter of what it does, where free.
  public static func key(for kind: WriteKind) -> Character {
    switch kind {
    case .revoke: return "r"
    case .disable: return "d"
    case .enable: return "e"
    case .tap: return "t"
    case .reinvite: return "i"
    case .groupAdd: return "a"
    case .groupRemove: return "x"
    }
  }

  /// The menu's row for each fix: what it does, then what it means for the person.
  static func label(for kind: WriteKind) -> String {
    switch kind {
    case .revoke: return "Revoke sign-in sessions (they sign in again everywhere)"
    case .disable: return "Disable the account (blocks new sign-ins)"
    case .enable: return "Enable the account"
    case .tap: return "Temporary Access Pass (shown once)"
    case .reinvite: return "Resend the guest invitation"
    case .groupAdd: return "Add to a group…"
    case .groupRemove: return "Remove from a group…"
    }
  }

  typealias Line = (text: String, style: Style)

  /// `scroll` is the view's: what is read after the write (a pass, then what it came to) may be
  /// taller than a small terminal, and the arrows show the rest (`RootViewController.fixTable`).
  public static func render(
    _ fix: FixState, scroll: inout ScrollPosition, in rect: Rect, into surface: inout some Surface
  ) {
    guard let step = fix.step else { return }
    let width = min(rect.cols, 78)
    let inner = max(1, width - 2)
    var content = lines(step, width: inner)
    // The field (and its prompt) is what the person acts on: a box too short for everything keeps
    // the end in view; elsewhere the start (a pass comes first).
    let box = rect.centered(rows: min(rect.rows, content.lines.count + 3), cols: width)
    surface.clear(box)
    surface.box(box, title: content.title)
    let inside = box.inset(by: 1)
    guard inside.rows > 0, inside.cols > 0 else { return }
    let visible = max(1, inside.rows - 1)
    scroll.fit(lineCount: content.scrolls ? content.lines.count : 0, visibleRows: visible)
    if scroll.canScroll { content.keys = "↑/↓ more · other keys close" }
    let first = content.keepEnd ? max(0, content.lines.count - visible) : scroll.offset
    for (offset, line) in content.lines.dropFirst(first).prefix(visible).enumerated() {
      surface.put(
        Truncation.truncate(line.text, toWidth: inside.cols), row: inside.row + offset, col: inside.col,
        width: inside.cols, style: line.style)
    }
    if inside.rows >= 2 {
      surface.put(
        Truncation.truncate(content.keys, toWidth: inside.cols), row: inside.maxRow - 1, col: inside.col,
        width: inside.cols, style: .dim)
    }
    // The terminal's cursor: after the typed text in a field, or at a pass, while in view; else at
    // the start of the box's first line.
    let cursorLine = content.cursorLine.map { $0 - first }.flatMap { (0..<visible).contains($0) ? $0 : nil }
    surface.placeCursor(
      row: inside.row + (cursorLine ?? 0),
      col: inside.col + (cursorLine == nil ? 0 : min(content.cursorColumn, inside.cols - 1)))
  }

  struct Content {
    var title: String
    var lines: [Line]
    var keys: String
    var keepEnd = false
    /// The last steps (what it came to, why not) scroll with the arrows; the others keep their
    /// start or their field in view.
    var scrolls = false
    var cursorLine: Int?
    var cursorColumn = 0
  }

  static func lines(_ step: FixState.Step, width: Int) -> Content {
    switch step {
    case .readingPerson(let name):
      return Content(
        title: "Fix", lines: wrapped("Reading \(clean(name))'s account…", width, .muted), keys: "Esc cancel")
    case .choosing(let person, let kinds):
      // The choices first: a short box keeps them all (the title names the person).
      var lines = kinds.map { ("\(key(for: $0))  \(label(for: $0))", Style.plain) }
      if person.onPremisesSyncEnabled == true {
        lines += wrapped("Enable and disable: in on-premises AD, where this account is managed.", width, .muted)
      }
      lines.append(("", .plain))
      lines += who(person, width)
      return Content(title: "Fix: " + name(person), lines: lines, keys: "letter choose · Esc cancel")
    case .namingGroup(let person, let kind, let typed):
      let question =
        kind == .groupAdd ? "Add \(name(person)) to which group?" : "Remove \(name(person)) from which group?"
      var content = Content(
        title: "Fix: " + name(person),
        lines: wrapped(question + " Give its object id, mail or exact name.", width, .plain),
        keys: "Enter find · Esc cancel", keepEnd: true)
      field(typed, width, into: &content)
      return content
    case .readingGroup(let person, _, let argument):
      return Content(
        title: "Fix: " + name(person), lines: wrapped("Finding the group “\(clean(argument))”…", width, .muted),
        keys: "Esc cancel")
    case .confirming(let plan, let typed, let mismatch):
      var lines = plan.confirmationText.split(separator: "\n").flatMap { wrapped(String($0), width, .plain) }
      lines.append(("", .plain))
      if mismatch { lines += wrapped(plan.confirmationMismatch, width, .error) }
      lines += wrapped(clean(plan.confirmationPrompt), width, .bold)
      var content = Content(
        title: "Fix: roster " + plan.kind.commandName, lines: lines, keys: "Enter go ahead · Esc cancel",
        keepEnd: true)
      field(typed, width, into: &content)
      return content
    case .sending(let plan):
      return Content(
        title: "Fix: roster " + plan.kind.commandName,
        lines: wrapped(
          "Sent; waiting for Microsoft Graph. A write cannot be called back, so this box stays until it answers.",
          width, .muted),
        keys: "waiting…")
    case .finished(let plan, let outcome):
      var lines: [Line] = []
      if let pass = outcome.pass {
        lines.append(("Temporary Access Pass:", .bold))
        lines.append(("  " + pass.exposedValue, .success))
        lines += wrapped("Copy it now: it is shown once and kept nowhere.", width, .warning)
        lines.append(("", .plain))
      }
      lines += wrapped(clean(outcome.text), width, outcome.holds ? .plain : .error)
      let verdict = outcome.succeeded ? " — done" : outcome.holds ? " — nothing to change" : " — not done"
      return Content(
        title: "Fix: roster " + plan.kind.commandName + verdict,
        lines: lines, keys: "any key closes", scrolls: true, cursorLine: outcome.pass == nil ? nil : 1,
        cursorColumn: 2)
    case .stopped(let text):
      return Content(
        title: "Fix: not done", lines: wrapped(clean(text), width, .error), keys: "any key closes", scrolls: true)
    }
  }

  /// The person's name and user name, the two lines every menu starts with.
  static func who(_ person: WritePerson, _ width: Int) -> [Line] {
    wrapped("Person:     " + name(person), width, .plain)
      + wrapped("User name:  " + clean(person.userPrincipalName), width, .plain)
  }

  /// The typed field's line, `> ` and its end (what fits), with the cursor after it.
  static func field(_ typed: String, _ width: Int, into content: inout Content) {
    let text = clean(typed)
    let room = max(1, width - 3)
    var shown = text
    while DisplayWidth.of(shown) > room, !shown.isEmpty { shown.removeFirst() }
    content.lines.append(("> " + shown, .plain))
    content.cursorLine = content.lines.count - 1
    content.cursorColumn = 2 + DisplayWidth.of(shown)
  }

  /// `text` as lines of `width`; a line that fits keeps its spacing ("Person:     Ada").
  static func wrapped(_ text: String, _ width: Int, _ style: Style) -> [Line] {
    if DisplayWidth.of(text) <= width { return [(text, style)] }
    return Truncation.wrap(text, width: width).map { ($0, style) }
  }

  static func name(_ person: WritePerson) -> String { clean(person.displayName ?? person.userPrincipalName) }

  /// Directory and typed text without control characters: nothing in the box can move the cursor.
  static func clean(_ text: String) -> String { CleanText(text).string }
}
