import Foundation

/// One selectable row of the detail pane's org chart.
public struct OrgRow: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// A manager above the person; `level` 1 is the immediate manager.
    case manager(level: Int)
    case directReport
  }

  public var kind: Kind
  public var person: Person
}

extension PersonDetail {
  /// The rows the pane lets you open: the reporting line from the top of the organisation down
  /// to the immediate manager, then the direct reports.
  public var orgRows: [OrgRow] {
    let managers = managerChain.enumerated().reversed().map { index, person in
      OrgRow(kind: .manager(level: index + 1), person: person)
    }
    return managers + directReports.map { OrgRow(kind: .directReport, person: $0) }
  }

  /// Where the row selection starts: on the first direct report (walking down is the common
  /// case), else on the immediate manager; nil without rows.
  public var defaultOrgRowIndex: Int? {
    if !directReports.isEmpty { return managerChain.count }
    return managerChain.isEmpty ? nil : managerChain.count - 1
  }
}

extension DetailState {
  /// The org-chart rows of the person shown, empty while loading.
  public var orgRows: [OrgRow] {
    guard case .loaded(let detail) = status else { return [] }
    return detail.orgRows
  }

  /// The selected org-chart row, if any.
  public var selectedOrgRow: OrgRow? {
    let rows = orgRows
    return rows.indices.contains(orgRowIndex) ? rows[orgRowIndex] : nil
  }

  /// The breadcrumb: the people of the walk, or just the shown person before any walk.
  public var breadcrumb: [Person] {
    if !trail.isEmpty { return trail }
    return status.person.map { [$0] } ?? []
  }
}
