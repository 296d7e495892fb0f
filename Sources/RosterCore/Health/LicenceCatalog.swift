import Foundation

/// Product names for licence SKU part numbers, shipped as data.
///
/// Microsoft publishes the whole table as "Product names and service plan identifiers for
/// licensing" (a CSV of `Product_Display_Name,String_Id,GUID,…`, linked from
/// learn.microsoft.com/entra/identity/users/licensing-service-plan-reference). Roster was built
/// without network access and no copy of that CSV was in the reference corpus, so this is a short
/// table of common SKUs, each name seen in the references below; any other SKU is shown by its raw
/// part number, which is what Graph's `licenseDetails` returns and what admins search for.
public enum LicenceCatalog {
  /// When the names were taken, and from where.
  public static let asOf = "2026-11-27"
  public static let source =
    "Short table taken from copies of Microsoft's licensing CSV quoted in public code (tests and scripts "
    + "naming Product_Display_Name,String_Id,GUID rows) and the gist mczerniawski/950e5c10 (2021-01-28); "
    + "not the full table"

  /// SKU part number (`String_Id`) → product name.
  public static let names: [String: String] = [
    "ENTERPRISEPACK": "Office 365 E3",
    "SPE_E5": "Microsoft 365 E5",
    "O365_BUSINESS_ESSENTIALS": "Microsoft 365 Business Basic",
    "O365_BUSINESS": "Microsoft 365 Apps for Business",
    "AAD_PREMIUM": "Microsoft Entra ID P1 (Azure Active Directory Premium P1)",
    "AAD_PREMIUM_P2": "Microsoft Entra ID P2 (Azure Active Directory Premium P2)",
    "AAD_BASIC": "Azure Active Directory Basic",
    "MCOMEETADV": "Microsoft 365 Audio Conferencing",
    "RIGHTSMANAGEMENT": "Azure Information Protection Plan 1",
  ]

  /// The product name, nil for a SKU the short table lacks (show the part number then).
  public static func productName(for partNumber: String) -> String? {
    names[partNumber.trimmingCharacters(in: .whitespaces).uppercased()]
  }
}
