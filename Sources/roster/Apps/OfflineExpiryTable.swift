import Foundation
import Index
import RosterCore

/// `roster apps --expiring Nd --offline` as a table: each due credential read from the index's
/// columns straight into the table's cells (`DirectoryIndex.credentialColumns`), with no
/// `AppCredentialRow`, `DueCredential` or string a cell on the way (issue 42: making and copying
/// those was a quarter of the report). It prints what `AppOutput.expiring` prints for the same
/// rows — the same cells in `AppOutput.expiringHeaders`' order, cleaned by the same rule, sorted
/// in `AppExpiry.sorted`'s order; `--json`, `--csv` and Graph's answers go through that path.
enum OfflineExpiryTable {
  struct Report {
    var table: [UInt8]
    var rows: Int
    /// Something has already expired (exit 11; else 10 when anything is listed).
    var expired: Bool
  }

  static func make(_ index: DirectoryIndex, before end: Date, now: Date, width: Int?) throws -> Report {
    var cells = ReportTable.Cells(columns: 8, rows: 16_384, bytes: 16_384 * 160)
    var keys: [AppExpiry.OrderKey] = []
    var ids = ReportTable.Cells(columns: 1, rows: 16_384, bytes: 16_384 * 36)
    var words = AppOutput.DayWords(now: now)
    let unknown = AppOutput.owners(nil, offline: true)
    let never = Date.distantFuture.timeIntervalSinceReferenceDate
    var expired = false
    func read<Flavor: AppFlavor>(_ flavor: Flavor.Type) throws {
      try index.credentialColumns(flavor, endingBefore: end) { row in
        let ends = row.ends.map(Date.init(timeIntervalSinceReferenceDate:))
        let (day, left) = words.of(ends)
        cells.append(Flavor.noun)
        cells.append(cleaning: row.appName)
        cells.append(cleaning: row.appClientId)
        cells.append(row.kind.rawValue)
        cells.append(cleaning: row.name)
        cells.append(day)
        cells.append(left)
        cells.append(unknown)
        ids.append(cleaning: row.appObjectId)
        keys.append(
          AppExpiry.OrderKey(end: row.ends ?? never, registration: Flavor.kind == .app, position: row.position))
        if let ends, ends < now { expired = true }
      }
    }
    try read(RegistrationFlavor.self)
    try read(EnterpriseFlavor.self)
    // The app's name is each row's second cell; its cleaned object id is in `ids`.
    let order = keys.indices.sorted { left, right in
      AppExpiry.precedes(
        keys[left], keys[right], name: { cells.text(($0 ? left : right) * 8 + 1) }, id: { ids.text($0 ? left : right) })
    }
    let table = ReportTable.render(AppOutput.expiringHeaders, cells, width: width, kept: 2, order: order)
    return Report(table: table, rows: keys.count, expired: expired)
  }
}
