import AppRuntime
import Foundation
import RosterCore

/// Collects the warnings a token store prints, from any thread.
public final class WarningLog: Sendable {
  private let lines = LockedValue<[String]>([])
  public init() {}
  public var all: [String] { lines.current }
  public func append(_ line: String) { lines.withLock { $0.append(line) } }
}
