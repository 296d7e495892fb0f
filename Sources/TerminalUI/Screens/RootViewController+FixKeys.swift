import RosterCore

/// The fix box's keys (issue 45): while it is open nothing behind it acts (only Ctrl-C, Ctrl-L,
/// Ctrl-Z reach the global table first). Its fields take any text, `q` and `?` included, because
/// a user name or group name may hold them.
extension RootViewController {
  func fixTable(_ state: AppState) -> KeyTable {
    let cancel = KeyCommand([.escape], nil) { _, _ in .handled([.fix(.dismissed)]) }
    let swallow = KeyCommand.answer("any other key", nil) { _, _ in .handled([]) }
    switch state.fix.step {
    case .choosing(_, let kinds)?:
      let choices = kinds.map { kind in
        KeyCommand([.character(FixOverlay.key(for: kind))], nil) { _, _ in .handled([.fix(.chosen(kind))]) }
      }
      return KeyTable(choices + [cancel, swallow])
    case .namingGroup?, .confirming?:
      return KeyTable([
        KeyCommand([.enter], nil) { _, _ in .handled([.fix(.submitted)]) },
        cancel,
        KeyCommand([.backspace], nil) { _, _ in .handled([.fix(.erased)]) },
        KeyCommand([.control("u")], nil) { _, _ in .handled([.fix(.cleared)]) },
        KeyCommand.answer("text", nil) { key, _ in
          switch key {
          case .character(let character): return .handled([.fix(.typed(String(character)))])
          case .paste(let text): return .handled([.fix(.typed(text))])
          default: return .handled([])
          }
        },
      ])
    case .sending?:
      // A write on its way cannot be called back: no key closes the box until Graph answers.
      return KeyTable([swallow])
    case .finished?, .stopped?:
      // Taller than the box (a pass and its sentence at 40×12): the arrows show the rest.
      let canScroll = fixScroll.canScroll
      return KeyTable([
        KeyCommand([.up, .down], also: [.control("p"), .control("n")], nil, when: canScroll) { [self] key, _ in
          fixScroll.scroll(by: key == .up || key == .control("p") ? -1 : 1)
          return .handled([])
        },
        KeyCommand([.pageUp, .pageDown], nil, when: canScroll) { [self] key, _ in
          if key == .pageUp { fixScroll.pageUp() } else { fixScroll.pageDown() }
          return .handled([])
        },
        KeyCommand([.home, .end], nil, when: canScroll) { [self] key, _ in
          if key == .home { fixScroll.toTop() } else { fixScroll.toEnd() }
          return .handled([])
        },
        KeyCommand.answer("any key", nil) { _, _ in .handled([.fix(.dismissed)]) },
      ])
    default:
      return KeyTable([cancel, swallow])
    }
  }
}
