/// The zone of each office city of the generated organisation (IANA ids), so a person's calendar
/// keeps the hours of the office their phone number, country and usage location already name
/// (issue 40: no London office with São Paulo hours), and a room's bookings run on its building's
/// clock. One table for both.
public enum OfficeZones {
  public static let byCity: [String: String] = [
    "Redmond": "America/Los_Angeles", "New York": "America/New_York", "London": "Europe/London",
    "Dublin": "Europe/Dublin", "Amsterdam": "Europe/Amsterdam", "München": "Europe/Berlin", "Paris": "Europe/Paris",
    "Madrid": "Europe/Madrid", "São Paulo": "America/Sao_Paulo", "Stockholm": "Europe/Stockholm",
    "Warszawa": "Europe/Warsaw", "İstanbul": "Europe/Istanbul", "Kyiv": "Europe/Kyiv", "Athens": "Europe/Athens",
    "Dubai": "Asia/Dubai", "Cairo": "Africa/Cairo", "Tel Aviv": "Asia/Jerusalem", "Bengaluru": "Asia/Kolkata",
    "Shanghai": "Asia/Shanghai", "Tokyo": "Asia/Tokyo", "Seoul": "Asia/Seoul", "Ho Chi Minh City": "Asia/Ho_Chi_Minh",
    "Jakarta": "Asia/Jakarta", "Lagos": "Africa/Lagos", "Nairobi": "Africa/Nairobi",
    "Johannesburg": "Africa/Johannesburg", "Mexico City": "America/Mexico_City", "Milano": "Europe/Rome",
  ]

  /// Where the working week runs Sunday to Thursday (Israel, Egypt). The United Arab Emirates
  /// moved to Monday–Friday in 2022.
  static let sundayToThursday: Set<String> = ["Asia/Jerusalem", "Africa/Cairo"]

  /// The IANA id a zone's clock follows: its own rules' id, or the id a custom zone stands for;
  /// nil for a zone no client knows.
  static func ianaID(of zone: CalendarZone) -> String? {
    switch zone.rules {
    case .iana(let id): return id
    case .custom: return customStandsFor[zone.name]
    case .fixed: return nil
    }
  }

  private static let customStandsFor = [
    CalendarProfile.customPacific.name: "America/Los_Angeles",
    CalendarProfile.customNewZealand.name: "Pacific/Auckland",
    CalendarProfile.customNepal.name: "Asia/Kathmandu",
  ]
}
