/// A handle to started work that can be called off before it ends (a sign-in, a timer).
public protocol Cancellable: Sendable {
  func cancel()
}
