import Foundation

/// One selectable row of the detail pane's org chart.
public struct OrgRow: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// A manager above the person; `level` 1 is the immediate manager.
    case manager(level: Int)
    case directReport
    /// A group the person is in ("Member of").
    case memberOf
  }

  public var kind: Kind
  /// Whom (or which group) Enter opens.
  public var subject: PaneSubject

  public init(kind: Kind, subject: PaneSubject) {
    self.kind = kind
    self.subject = subject
  }

  /// The person the row names; nil for a "Member of" row.
  public var person: Person? { subject.person }
}

extension PersonDetail {
  /// The rows the pane lets you open: the reporting line from the top of the organisation down
  /// to the immediate manager, then the direct reports.
  public var orgRows: [OrgRow] {
    let managers = managerChain.enumerated().reversed().map { index, person in
      OrgRow(kind: .manager(level: index + 1), subject: .person(person))
    }
    return managers + directReports.map { OrgRow(kind: .directReport, subject: .person($0)) }
  }

  /// Where the row selection starts: on the first direct report (walking down is the common
  /// case), else on the immediate manager; nil without rows.
  public var defaultOrgRowIndex: Int? {
    if !directReports.isEmpty { return managerChain.count }
    return managerChain.isEmpty ? nil : managerChain.count - 1
  }
}

extension PersonPane {
  /// The org-chart rows of the person shown, then "Member of"'s groups; empty while loading.
  public var orgRows: [OrgRow] {
    guard case .loaded(let detail) = status else { return [] }
    return detail.orgRows + (memberOf?.groups ?? []).map { OrgRow(kind: .memberOf, subject: .group($0)) }
  }

  /// The selected org-chart row, if any.
  public var selectedOrgRow: OrgRow? {
    let rows = orgRows
    return rows.indices.contains(orgRowIndex) ? rows[orgRowIndex] : nil
  }
}

extension DetailState {
  /// The org-chart and "Member of" rows of the person shown; empty for any other subject.
  public var orgRows: [OrgRow] { pane.personPane?.orgRows ?? [] }

  /// The selected org-chart or "Member of" row of the person shown, if any.
  public var selectedOrgRow: OrgRow? { pane.personPane?.selectedOrgRow }

  /// The breadcrumb: the people and groups of the walk, or just the shown one before any walk.
  public var breadcrumb: [PaneSubject] {
    if !trail.isEmpty { return trail }
    return subject.map { [$0] } ?? []
  }
}
