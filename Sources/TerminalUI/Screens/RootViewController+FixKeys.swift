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
      return KeyTable([KeyCommand.answer("any key", nil) { _, _ in .handled([.fix(.dismissed)]) }])
    default:
      return KeyTable([cancel, swallow])
    }
  }
}
