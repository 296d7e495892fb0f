/// A first-come, first-served lock for async code in one process; the token cache takes it
/// before its file lock, so tasks in one process queue here instead of polling `flock`.
actor AsyncLock {
  private var locked = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func lock() async {
    if !locked {
      locked = true
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  func unlock() {
    if waiters.isEmpty { locked = false } else { waiters.removeFirst().resume() }
  }
}
