import Foundation

extension Duration {
  /// This duration in (fractional) seconds, for `Date` arithmetic.
  public var timeInterval: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}
