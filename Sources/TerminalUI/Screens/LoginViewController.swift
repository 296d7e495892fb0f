import Foundation
import Geometry
import RosterCore

/// The sign-in screen: the device code in large type with the URL and a countdown, or the browser
/// flow's URL and a field to paste the redirect URL into, and failures in plain words with the
/// AADSTS code.
@MainActor
public final class LoginViewController: ViewController {
  public var frame: Rect = .zero
  /// Cursor in the paste field (view-local).
  private var pasteCursor = 0
  /// Cursor in the search text typed while the demo signs itself in.
  private var typedAhead = FieldCursor()

  public init() {}

  // MARK: - Keys

  public func keyTable(in state: AppState) -> KeyTable {
    let login = state.login
    let b2c = state.home == .tasks
    if case .browser = login.phase { return browserTable(login, b2c: b2c) }
    if b2c { return b2cTable(login) }
    if state.isDemo, state.login.signsInByItself { return typingAheadTable(state) }
    return KeyTable([
      KeyCommand([.character("c")], also: [.character("C")], "copy code", hint: login.deviceCode != nil) { _, _ in
        .handled(login.deviceCode == nil ? [] : [.login(.codeCopyRequested)])
      },
      KeyCommand([.character("r")], also: [.character("R"), .enter], "new code / retry", hint: true) { _, _ in
        .handled(login.canRequestNewCode ? [.login(.newCodeRequested)] : [])
      },
      KeyCommand([.character("b")], also: [.character("B")], "browser sign-in", hint: true) { _, _ in
        .handled([.login(.browserRequested)])
      },
      KeyCommand([.character("d")], also: [.character("D")], "device code sign-in") { _, _ in
        .handled([.login(.deviceCodeRequested)])
      },
    ])
  }

  /// The demo signing itself in: every letter (`q` and `?` too) is the search field's, kept for
  /// the search that runs once signed in. Ctrl-C still quits.
  private func typingAheadTable(_ state: AppState) -> KeyTable {
    let query = state.field.query.string
    let typed: [Key] = [.character("q"), .character("Q"), .character("?")]
    return KeyTable([
      .fallback("type", "the search, run once signed in", over: typed) { [self] key, _ in
        guard let text = typedAhead.apply(key, to: query) else { return .ignored }
        return .handled(text == query ? [] : [.login(.typedAhead(text))])
      }
    ])
  }

  /// The browser flow: a paste field for the redirect URL; letters are shortcuts only while it is
  /// empty (help names the field's keys; the shortcuts are the device-code screen's). Once it
  /// holds text, `q` and `?` are part of the address (the global quit and help step aside).
  private func browserTable(_ login: LoginState, b2c: Bool) -> KeyTable {
    let text = login.redirectField.exposedValue
    let typed: [Key] = text.isEmpty ? [] : [.character("q"), .character("Q"), .character("?")]
    // B2C has no device code: no Esc or `d` to switch to one.
    return KeyTable([
      .fallback("paste", "the redirect URL", over: typed) { [self] key, _ in
        var field = TextFieldModel(text: text, cursor: min(pasteCursor, text.count), maxLength: 8192)
        guard field.apply(key) else { return .ignored }
        pasteCursor = field.cursor
        return .handled(field.text == text ? [] : [.login(.redirectFieldEdited(field.text))])
      },
      // With nothing pasted the reducer says what to paste (Enter never does nothing silently).
      KeyCommand([.enter], "sign in with the pasted URL", hint: true) { _, _ in
        .handled(login.isSubmittingRedirect ? [] : [.login(.redirectURLSubmitted(text))])
      },
      KeyCommand([.escape], b2c ? nil : "use a device code instead", hint: !b2c, when: !b2c) { _, _ in
        .handled([.login(.deviceCodeRequested)])
      },
      KeyCommand([.character("c")], also: [.character("C")], "copy address", hint: text.isEmpty, when: text.isEmpty) {
        _, _ in .handled([.login(.addressCopyRequested)])
      },
      KeyCommand([.character("d")], nil, when: text.isEmpty && !b2c) { _, _ in .handled([.login(.deviceCodeRequested)])
      },
      KeyCommand([.character("r")], nil, when: text.isEmpty) { _, _ in .handled([.login(.newCodeRequested)]) },
    ])
  }

  /// Azure AD B2C has no device code (protocol.md §1.6): the browser flow, its paste field and
  /// retry; no `d`, and Esc does not offer a device code.
  private func b2cTable(_ login: LoginState) -> KeyTable {
    KeyTable([
      KeyCommand(
        [.character("r")], also: [.character("R"), .enter, .character("b"), .character("B")], label: "r/Enter",
        "sign in with the browser", hint: true
      ) { _, _ in
        .handled(login.canRequestNewCode ? [.login(.browserRequested)] : [])
      }
    ])
  }

  // MARK: - Drawing

  public func render(_ state: AppState, into surface: inout some Surface, focused: Bool) {
    guard !frame.isEmpty else { return }
    surface.clear(frame)
    addressLink = nil
    // The terminal's cursor on the screen's first line, where a screen reader starts reading it.
    if focused { surface.placeCursor(row: frame.row, col: frame.col) }
    let b2c = state.home == .tasks
    var lines: [StyledLine] = [
      StyledLine(b2c ? "Task list sign-in (Azure AD B2C)" : "Sign in to Microsoft Entra ID", style: .title)
    ]
    if state.isDemo {
      lines.append(
        StyledLine("DEMO: a local sandbox tenant with made-up people; nothing leaves this machine.", style: .warning))
    }
    if let reason = state.login.reason { lines.append(StyledLine(reason.string, style: .warning)) }
    lines.append(StyledLine(""))
    switch state.login.phase {
    case .idle where b2c:
      lines.append(StyledLine("Press Enter to sign in with a browser."))
    case .idle:
      lines.append(StyledLine("Press Enter to sign in with a code, or b to use a browser."))
    case .restoring:
      lines.append(StyledLine("Checking for a saved session…"))
    case .starting:
      lines.append(StyledLine(state.isDemo ? "Demo: signing in by itself…" : "Contacting the sign-in service…"))
    case .deviceCode(let prompt, let slowDown):
      lines += deviceCodeLines(prompt, slowDown: slowDown, state: state)
    case .browser(let url, let listeningOn):
      if b2c {
        lines.append(StyledLine("No device code in B2C: use a browser.", style: .muted))
      }
      lines += browserLines(url: url, listeningOn: listeningOn, login: state.login)
    case .failed(let failure):
      lines += failureLines(failure)
    }
    draw(lines, into: &surface)
  }

  private func deviceCodeLines(_ prompt: DeviceCodePrompt, slowDown: Bool, state: AppState) -> [StyledLine] {
    let code = prompt.userCode.string
    let url = prompt.verificationURI.string
    var lines = [StyledLine("On any device, open"), StyledLine(url, style: Style([.bold, .underline]), indent: 2)]
    lines.append(StyledLine("and enter the code"))
    let fitsBig = BigText.width(of: code) + 4 <= frame.cols && frame.rows >= 22
    if fitsBig, let big = BigText.lines(for: code) {
      lines.append(StyledLine(""))
      lines += big.map { StyledLine($0, style: .bold, indent: 2) }
      lines.append(StyledLine(""))
      lines.append(StyledLine(code, style: .bold, indent: 2))
    } else {
      lines.append(StyledLine(code, style: Style([.bold, .reverse]), indent: 2))
    }
    lines.append(StyledLine(""))
    let seconds = state.login.secondsUntilCodeExpires(now: state.now) ?? 0
    if seconds <= 0 {
      lines.append(StyledLine("Code expired — press r for a new one.", style: .error))
    } else {
      let status =
        slowDown
        ? "The server asked us to slow down; checking every \(prompt.interval) s."
        : state.isDemo ? "Demo: signing in by itself…" : "Waiting for you to sign in…"
      lines.append(StyledLine(status, style: slowDown ? .warning : .plain))
      if state.isDemo, !state.field.query.string.isEmpty {
        lines.append(StyledLine("Search: " + state.field.query.string, style: .muted))
      }
      lines.append(
        StyledLine("Code expires in \(seconds / 60):\(String(format: "%02d", seconds % 60)).", style: .muted))
    }
    return lines
  }

  private func browserLines(url: CleanText, listeningOn: CleanText?, login: LoginState) -> [StyledLine] {
    // The whole address, once, from the screen's first column to its last with nothing around it
    // (issue 40: indented, a mouse selection of it held the indent in every line): a person
    // copying it to a browser on another machine needs every character (the paste-back fallback
    // is useless with a cut-off URL), and `c` copies it whole; where the terminal shows OSC 8,
    // every row is a link to the whole address. On a terminal too short for it, as many lines as
    // leave the paste field and its messages on screen, the last cut.
    let address = Array(url.string)
    let width = max(8, frame.cols)
    let room = max(1, frame.rows - 10)
    var chunks = stride(from: 0, to: address.count, by: width).map {
      String(address[$0..<min($0 + width, address.count)])
    }
    if chunks.count > room {
      chunks = Array(chunks.prefix(room))
      chunks[room - 1] = String(chunks[room - 1].dropLast()) + "…"
    }
    var lines = [StyledLine("Open this address in a browser:")]
    addressLink = url.string
    lines += chunks.map { StyledLine($0, style: .underline, indent: Self.flush) }
    lines.append(StyledLine(""))
    if let listeningOn {
      lines.append(StyledLine("Waiting for the browser to come back to \(listeningOn)…"))
    }
    lines.append(StyledLine("Browser on another machine? Paste the address it ended on, then Enter:"))
    let length = login.redirectField.exposedValue.count
    // The redirect URL holds an authorization code: never echo it, show its length only.
    let masked =
      length == 0 ? "(empty)" : String(repeating: "•", count: min(length, max(1, frame.cols - 20))) + " (\(length))"
    lines.append(StyledLine("Redirect URL: " + masked, style: length == 0 ? .muted : .plain, indent: 2))
    if login.isSubmittingRedirect { lines.append(StyledLine("Checking…")) }
    if let error = login.redirectError { lines.append(StyledLine(error.string, style: .error)) }
    return lines
  }

  private func failureLines(_ failure: SignInFailure) -> [StyledLine] {
    var lines = [StyledLine("Sign-in failed", style: .error)]
    lines += Truncation.wrap(failure.message.string, width: max(1, frame.cols - 4)).map {
      StyledLine($0)
    }
    if let code = failure.code { lines.append(StyledLine("Code: \(code)", style: .muted)) }
    if let trace = failure.traceId {
      lines.append(StyledLine("Trace ID: \(trace)", style: .muted))
    }
    lines.append(StyledLine(""))
    lines.append(
      StyledLine(
        failure.canRetry ? "Press r to try again." : "Fix the app registration or settings, then start Roster again.",
        style: failure.canRetry ? .plain : .warning))
    return lines
  }

  /// Columns left blank before every line.
  private static let margin = 2
  /// The indent of a line drawn from the frame's first column (the sign-in address), a link to
  /// `addressLink`.
  private static let flush = -margin
  /// The browser flow's address while its screen is drawn (view-local, set by `render`).
  private var addressLink: String?

  /// Draws the lines centred vertically. A line wider than the screen is wrapped under itself
  /// at its own indent, not cut ("Your session ended: … (a password change or an adminis…", the
  /// demo line at 60 columns; issue 28 item 9), first lines first, as long as the screen has
  /// rows for it; a line is never both wrapped and cut.
  private func draw(_ lines: [StyledLine], into surface: inout some Surface) {
    let indent = Self.margin
    var spare = frame.rows - lines.count
    let lines = lines.flatMap { line -> [StyledLine] in
      let width = frame.cols - indent - line.indent
      guard width > 0, DisplayWidth.of(line.text) > width else { return [line] }
      let wrapped = Truncation.wrap(line.text, width: width)
      guard wrapped.count - 1 <= spare else { return [line] }
      spare -= wrapped.count - 1
      return wrapped.map { StyledLine($0, style: line.style, indent: line.indent) }
    }
    let top = frame.row + max(0, (frame.rows - lines.count) / 2)
    for (index, line) in lines.enumerated() where top + index < frame.maxRow {
      if line.indent == Self.flush, let addressLink {
        surface.putLink(line.text, url: addressLink, row: top + index, col: frame.col, style: line.style)
        continue
      }
      surface.put(
        line.text, row: top + index, col: frame.col + indent + line.indent,
        width: frame.cols - indent - line.indent, style: line.style
      )
    }
  }
}
