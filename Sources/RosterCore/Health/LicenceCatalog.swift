import Foundation

/// Product names for licence SKU part numbers, shipped as data (`LicenceCatalog+Table.swift`).
///
/// Microsoft publishes the table as "Product names and service plan identifiers for licensing"
/// (a CSV of `Product_Display_Name,String_Id,GUID,…`). Graph's `licenseDetails` gives only the
/// part number (`ENTERPRISEPACK`), which few people read as "Office 365 E3"; a SKU the table
/// lacks is shown by its raw part number, which is still what admins search for.
public enum LicenceCatalog {
  /// When the names were taken, and from where (the table file's header says more).
  public static let asOf = "2026-11-27"
  public static let source =
    "Microsoft's \"Product names and service plan identifiers for licensing\" CSV, from the public copy in "
    + "nubrixsecurity/zero-trust-assessment (the whole table)"

  /// SKU part number, upper-cased → product name. A part number listed twice keeps its first
  /// name (the CSV lists some SKUs under two product rows).
  public static let names: [String: String] = {
    var names: [String: String] = [:]
    for line in csvRows.split(separator: "\n") {
      let fields = line.split(separator: "\t", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 2, !fields[0].isEmpty, !fields[1].isEmpty else { continue }
      let key = fields[0].uppercased()
      if names[key] == nil { names[key] = fields[1] }
    }
    return names
  }()

  /// The product name, nil for a SKU the table lacks (show the part number then).
  public static func productName(for partNumber: String) -> String? {
    names[partNumber.trimmingCharacters(in: .whitespaces).uppercased()]
  }
}
