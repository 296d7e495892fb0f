@_exported import Logging
import Synchronization

/// The loggers of the library modules (Transport, Identity, Graph, Index, AppRuntime).
///
/// Quiet until a program turns them on: swift-log's default handler prints to stdout, which would
/// put HTTP lines over the full-screen UI and into every test's output. `roster` bootstraps
/// swift-log with its log file (`RosterLog`) and then calls `enable()`; until then every logger
/// handed out here drops what it is given.
public enum DiagnosticLog {
  private static let enabled = Atomic<Bool>(false)

  /// From now on, loggers go through the handler `LoggingSystem.bootstrap` installed.
  public static func enable() { enabled.store(true, ordering: .releasing) }

  public static var isEnabled: Bool { enabled.load(ordering: .acquiring) }

  /// A logger named `label` (`roster.transport`, `roster.identity`, …).
  public static func logger(_ label: String) -> Logger {
    isEnabled ? Logger(label: label) : Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() })
  }
}
