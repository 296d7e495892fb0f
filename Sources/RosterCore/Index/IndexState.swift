import Foundation
import SearchRules

/// The local index as the UI sees it: whether searches may use it, how fresh it is, and the
/// progress of a sync under way.
public struct IndexState: Equatable, Sendable {
  /// The index is enabled and attached to the signed-in account.
  public var attached: Bool = false
  public var summary: LocalIndexSummary?
  /// A sync is running: people written so far and the estimate.
  public var progress: Progress?
  /// A sync round is under way (one at a time: a second would cancel the first).
  public var isSyncing: Bool = false
  /// Syncs that brought the index up to date this session: what follows a sync (every kind's
  /// list, "your people") follows this count (`DerivedEvent.indexSynced`).
  public var syncsFinished: Int = 0
  /// Graph could not be reached at the last sync or read (`GraphReachability`), with or without
  /// an index attached: the status line says offline, and reads go to the index while it is.
  public var offline: Bool = false
  /// A read found Graph unreachable while the running sync was under way: that sync's success
  /// proves nothing about Graph now (its last answer may have come before the failure), so it
  /// keeps the mark and the probe comes in `Tuning.offlineRetryInterval` (`IndexReducer`).
  public var unreachableDuringSync: Bool = false
  /// A problem already told to the person (said once per run).
  public var toldProblem: String?
  /// The values each filter property takes in the index (departments, titles, offices…): what
  /// Tab completes `dept:res` from (`FilterCompletion`). Read in the background once the index
  /// is complete, after it attaches and after each sync; empty until then.
  public var filterValues: [FilterProperty: [String]] = [:]

  public struct Progress: Equatable, Sendable {
    public var indexed: Int
    public var estimate: Int?
  }

  public init() {}

  /// An index older than this is not searched while Graph answers: its delta token has expired
  /// (Graph keeps directory sync state 7 days), so it may list people who have left and cannot
  /// learn who. Offline, it is still searched — marked — because an old list beats none.
  public static let maximumAge: TimeInterval = 7 * 86_400

  /// Whether searches go to the index instead of Graph at `now`.
  public func isUsable(at now: Date) -> Bool {
    guard attached, let summary, summary.complete, let lastSync = summary.lastSync else { return false }
    return offline || now.timeIntervalSince(lastSync) <= Self.maximumAge
  }

  /// "index, synced 3 min ago" / "indexing 12,000 of ~200,000" / "index, offline, synced 2 h ago";
  /// nil when there is nothing to say.
  public func statusText(at now: Date) -> String? {
    if let progress, summary?.complete != true {
      return Self.progressText(indexed: progress.indexed, estimate: progress.estimate)
    }
    guard attached, let summary, summary.complete, let lastSync = summary.lastSync else { return nil }
    let synced = "synced " + Self.age(now.timeIntervalSince(lastSync))
    return offline ? "index, offline, \(synced)" : "index, \(synced)"
  }

  /// "indexing 12,000 of ~200,000" (the status line and `roster index sync` say the same).
  public static func progressText(indexed: Int, estimate: Int?) -> String {
    let of = estimate.map { " of ~\(NumberText.grouped($0))" } ?? ""
    return "indexing \(NumberText.grouped(indexed))\(of)"
  }

  /// "synced 3 min ago", for what the pane shows from the index; nil before a complete sync.
  public func syncedText(at now: Date) -> String? {
    summary?.lastSync.map { "synced " + Self.age(now.timeIntervalSince($0)) }
  }

  /// "just now", "3 min ago", "5 h ago", "8 days ago": the status line, the pane and `index status`.
  public static func age(_ seconds: TimeInterval) -> String {
    switch seconds {
    case ..<60: return "just now"
    case ..<3600: return "\(Int(seconds / 60)) min ago"
    case ..<172_800: return "\(Int(seconds / 3600)) h ago"
    default: return "\(Int(seconds / 86_400)) days ago"
    }
  }

}
