/// Offices, departments, job titles and partner domains of the generated company.
enum OrganisationTables {
  struct Office: Sendable {
    var city: String
    var country: String
    var usageLocation: String
    var preferredLanguage: String
    /// Phone number prefix; the generator appends `localDigits` random digits.
    var phonePrefix: String
    var localDigits: Int
    var mobilePrefix: String
    /// Cultures most people in this office come from (others come from anywhere).
    var cultures: [String]
    /// Relative size.
    var weight: Int
  }

  static let offices: [Office] = [
    Office(
      city: "Redmond", country: "United States", usageLocation: "US", preferredLanguage: "en-US",
      phonePrefix: "+1 425 555 ", localDigits: 4, mobilePrefix: "+1 206 555 ",
      cultures: ["english", "latin-american", "chinese-latin", "indian", "irish", "korean"], weight: 18),
    Office(
      city: "New York", country: "United States", usageLocation: "US", preferredLanguage: "en-US",
      phonePrefix: "+1 212 555 ", localDigits: 4, mobilePrefix: "+1 917 555 ",
      cultures: ["english", "irish", "italian", "latin-american", "hebrew", "west-african"], weight: 8),
    Office(
      city: "London", country: "United Kingdom", usageLocation: "GB", preferredLanguage: "en-GB",
      phonePrefix: "+44 20 7946 ", localDigits: 4, mobilePrefix: "+44 7700 900",
      cultures: ["english", "indian", "irish", "west-african", "arabic-latin"], weight: 9),
    Office(
      city: "Dublin", country: "Ireland", usageLocation: "IE", preferredLanguage: "en-IE",
      phonePrefix: "+353 1 555 ", localDigits: 4, mobilePrefix: "+353 85 555 ",
      cultures: ["irish", "english", "central-european"], weight: 4),
    Office(
      city: "Amsterdam", country: "Netherlands", usageLocation: "NL", preferredLanguage: "nl-NL",
      phonePrefix: "+31 20 555 ", localDigits: 4, mobilePrefix: "+31 6 5555 ",
      cultures: ["dutch", "turkish"], weight: 4),
    Office(
      city: "München", country: "Germany", usageLocation: "DE", preferredLanguage: "de-DE",
      phonePrefix: "+49 89 5555 ", localDigits: 4, mobilePrefix: "+49 151 5555 ",
      cultures: ["german", "turkish", "greek"], weight: 6),
    Office(
      city: "Paris", country: "France", usageLocation: "FR", preferredLanguage: "fr-FR",
      phonePrefix: "+33 1 55 55 ", localDigits: 4, mobilePrefix: "+33 6 55 55 ",
      cultures: ["french", "arabic-latin", "west-african"], weight: 5),
    Office(
      city: "Madrid", country: "Spain", usageLocation: "ES", preferredLanguage: "es-ES",
      phonePrefix: "+34 91 555 ", localDigits: 4, mobilePrefix: "+34 655 55 ",
      cultures: ["spanish", "latin-american"], weight: 3),
    Office(
      city: "São Paulo", country: "Brazil", usageLocation: "BR", preferredLanguage: "pt-BR",
      phonePrefix: "+55 11 5555 ", localDigits: 4, mobilePrefix: "+55 11 95555 ",
      cultures: ["portuguese", "japanese", "italian"], weight: 4),
    Office(
      city: "Stockholm", country: "Sweden", usageLocation: "SE", preferredLanguage: "sv-SE",
      phonePrefix: "+46 8 555 ", localDigits: 5, mobilePrefix: "+46 70 555 ",
      cultures: ["nordic"], weight: 2),
    Office(
      city: "Warszawa", country: "Poland", usageLocation: "PL", preferredLanguage: "pl-PL",
      phonePrefix: "+48 22 555 ", localDigits: 4, mobilePrefix: "+48 600 555 ",
      cultures: ["central-european", "slavic-cyrillic"], weight: 3),
    Office(
      city: "İstanbul", country: "Türkiye", usageLocation: "TR", preferredLanguage: "tr-TR",
      phonePrefix: "+90 212 555 ", localDigits: 4, mobilePrefix: "+90 532 555 ",
      cultures: ["turkish"], weight: 2),
    Office(
      city: "Kyiv", country: "Ukraine", usageLocation: "UA", preferredLanguage: "uk-UA",
      phonePrefix: "+380 44 555 ", localDigits: 4, mobilePrefix: "+380 67 555 ",
      cultures: ["slavic-cyrillic"], weight: 2),
    Office(
      city: "Athens", country: "Greece", usageLocation: "GR", preferredLanguage: "el-GR",
      phonePrefix: "+30 21 0555 ", localDigits: 4, mobilePrefix: "+30 69 5555 ",
      cultures: ["greek"], weight: 1),
    Office(
      city: "Dubai", country: "United Arab Emirates", usageLocation: "AE", preferredLanguage: "ar-AE",
      phonePrefix: "+971 4 555 ", localDigits: 4, mobilePrefix: "+971 50 555 ",
      cultures: ["arabic", "arabic-latin", "indian"], weight: 3),
    Office(
      city: "Cairo", country: "Egypt", usageLocation: "EG", preferredLanguage: "ar-EG",
      phonePrefix: "+20 2 2555 ", localDigits: 4, mobilePrefix: "+20 10 5555 ",
      cultures: ["arabic", "arabic-latin"], weight: 2),
    Office(
      city: "Tel Aviv", country: "Israel", usageLocation: "IL", preferredLanguage: "he-IL",
      phonePrefix: "+972 3 555 ", localDigits: 4, mobilePrefix: "+972 50 555 ",
      cultures: ["hebrew", "slavic-cyrillic"], weight: 1),
    Office(
      city: "Bengaluru", country: "India", usageLocation: "IN", preferredLanguage: "en-IN",
      phonePrefix: "+91 80 5555 ", localDigits: 4, mobilePrefix: "+91 98455 ",
      cultures: ["indian", "hindi"], weight: 8),
    Office(
      city: "Shanghai", country: "China", usageLocation: "CN", preferredLanguage: "zh-CN",
      phonePrefix: "+86 21 5555 ", localDigits: 4, mobilePrefix: "+86 139 5555 ",
      cultures: ["chinese", "chinese-latin"], weight: 5),
    Office(
      city: "Tokyo", country: "Japan", usageLocation: "JP", preferredLanguage: "ja-JP",
      phonePrefix: "+81 3 5555 ", localDigits: 4, mobilePrefix: "+81 90 5555 ",
      cultures: ["japanese"], weight: 4),
    Office(
      city: "Seoul", country: "Korea", usageLocation: "KR", preferredLanguage: "ko-KR",
      phonePrefix: "+82 2 555 ", localDigits: 4, mobilePrefix: "+82 10 5555 ",
      cultures: ["korean"], weight: 2),
    Office(
      city: "Ho Chi Minh City", country: "Vietnam", usageLocation: "VN", preferredLanguage: "vi-VN",
      phonePrefix: "+84 28 555 ", localDigits: 5, mobilePrefix: "+84 90 555 ",
      cultures: ["vietnamese"], weight: 2),
    Office(
      city: "Jakarta", country: "Indonesia", usageLocation: "ID", preferredLanguage: "id-ID",
      phonePrefix: "+62 21 555 ", localDigits: 5, mobilePrefix: "+62 812 555 ",
      cultures: ["indonesian"], weight: 2),
    Office(
      city: "Lagos", country: "Nigeria", usageLocation: "NG", preferredLanguage: "en-NG",
      phonePrefix: "+234 1 555 ", localDigits: 4, mobilePrefix: "+234 803 555 ",
      cultures: ["west-african"], weight: 2),
    Office(
      city: "Nairobi", country: "Kenya", usageLocation: "KE", preferredLanguage: "en-KE",
      phonePrefix: "+254 20 555 ", localDigits: 4, mobilePrefix: "+254 722 555 ",
      cultures: ["east-and-south-african"], weight: 1),
    Office(
      city: "Johannesburg", country: "South Africa", usageLocation: "ZA", preferredLanguage: "en-ZA",
      phonePrefix: "+27 11 555 ", localDigits: 4, mobilePrefix: "+27 82 555 ",
      cultures: ["east-and-south-african", "english", "dutch"], weight: 2),
    Office(
      city: "Mexico City", country: "Mexico", usageLocation: "MX", preferredLanguage: "es-MX",
      phonePrefix: "+52 55 5555 ", localDigits: 4, mobilePrefix: "+52 55 5555 ",
      cultures: ["latin-american", "spanish"], weight: 2),
    Office(
      city: "Milano", country: "Italy", usageLocation: "IT", preferredLanguage: "it-IT",
      phonePrefix: "+39 02 555 ", localDigits: 5, mobilePrefix: "+39 347 555 ",
      cultures: ["italian"], weight: 2),
  ]

  struct Department: Sendable {
    var name: String
    /// Title of the head, who reports to the chief executive.
    var headTitle: String
    /// Titles of people who manage others.
    var managerTitles: [String]
    /// Titles of individual contributors.
    var titles: [String]
    var weight: Int
  }

  static let departments: [Department] = [
    Department(
      name: "Engineering", headTitle: "Chief Technology Officer",
      managerTitles: ["Engineering Manager", "Director of Engineering", "Principal Engineering Manager"],
      titles: [
        "Software Engineer", "Senior Software Engineer", "Principal Software Engineer",
        "Site Reliability Engineer", "QA Engineer", "Security Engineer", "Software Engineer II",
        "Staff Engineer", "iOS Developer", "DevOps Engineer",
      ], weight: 30),
    Department(
      name: "Sales", headTitle: "Chief Revenue Officer",
      managerTitles: ["Sales Manager", "Regional Sales Director"],
      titles: [
        "Account Executive", "Sales Representative", "Inside Sales Representative",
        "Solutions Consultant", "Key Account Manager",
      ], weight: 15),
    Department(
      name: "Marketing", headTitle: "Chief Marketing Officer",
      managerTitles: ["Marketing Manager", "Director of Marketing"],
      titles: [
        "Marketing Specialist", "Content Strategist", "SEO Analyst", "Brand Designer",
        "Product Marketing Manager",
      ], weight: 7),
    Department(
      name: "Finance", headTitle: "Chief Financial Officer",
      managerTitles: ["Finance Manager", "Controller"],
      titles: [
        "Accountant", "Financial Analyst", "Payroll Specialist", "Accounts Payable Clerk",
        "Tax Advisor",
      ], weight: 6),
    Department(
      name: "Human Resources", headTitle: "Chief People Officer",
      managerTitles: ["HR Manager", "Talent Acquisition Lead"],
      titles: ["HR Business Partner", "Recruiter", "People Operations Specialist", "L&D Coordinator"],
      weight: 4),
    Department(
      name: "Legal", headTitle: "General Counsel",
      managerTitles: ["Legal Director"],
      titles: ["Corporate Counsel", "Paralegal", "Compliance Officer", "Privacy Counsel"], weight: 2),
    Department(
      name: "Operations", headTitle: "Chief Operating Officer",
      managerTitles: ["Operations Manager", "Logistics Manager"],
      titles: ["Operations Analyst", "Supply Chain Planner", "Logistics Coordinator", "Buyer"], weight: 8),
    Department(
      name: "Customer Support", headTitle: "Vice President, Customer Success",
      managerTitles: ["Support Manager", "Support Team Lead"],
      titles: [
        "Support Engineer", "Customer Success Manager", "Technical Support Specialist",
        "Support Agent (Tier 2)",
      ], weight: 12),
    Department(
      name: "Research & Development", headTitle: "Vice President, Research",
      managerTitles: ["Research Manager"],
      titles: ["Research Scientist", "Data Scientist", "Applied Scientist", "Lab Technician"], weight: 6),
    Department(
      name: "IT", headTitle: "Chief Information Officer",
      managerTitles: ["IT Manager"],
      titles: ["Systems Administrator", "Service Desk Analyst", "Network Engineer", "M365 Administrator"],
      weight: 5),
    Department(
      name: "Product Management", headTitle: "Chief Product Officer",
      managerTitles: ["Group Product Manager", "Director of Product"],
      titles: ["Product Manager", "Senior Product Manager", "UX Researcher", "Product Designer"], weight: 5),
  ]

  /// Partner organisations whose people are invited as guests: (domain, company name).
  static let guestDomains: [(domain: String, company: String?)] = [
    ("fabrikam.com", "Fabrikam"), ("adventure-works.com", "Adventure Works"), ("northwindtraders.com", "Northwind"),
    ("tailspintoys.com", "Tailspin Toys"), ("woodgrovebank.com", "Woodgrove Bank"), ("gmail.com", nil),
    ("outlook.com", nil), ("litwareinc.com", "Litware"),
  ]

  /// Rooms and shared mailboxes: disabled accounts without a person, manager or photo.
  static let resourceNames = [
    "Conference Room", "Meeting Room", "Boardroom", "Focus Room", "Training Room",
  ]
}
