/// Naming traditions of Asia, the Middle East and Africa: Han, kana, Hangul, Arabic, Hebrew and
/// Devanagari scripts, surname-first orders, Vietnamese tone marks and Indonesian single names.
extension NameTables {
  static let asiaMiddleEastAndAfrica: [NameCulture] = [
    NameCulture(
      "chinese",
      female: [
        "芳/Fang", "秀英/Xiuying", "敏/Min", "静/Jing", "丽/Li", "娜/Na", "婷/Ting", "子涵/Zihan", "雨桐/Yutong",
        "欣怡/Xinyi",
      ],
      male: [
        "伟/Wei", "强/Qiang", "磊/Lei", "军/Jun", "洋/Yang", "浩然/Haoran", "俊杰/Junjie", "志明/Zhiming",
        "建国/Jianguo", "宇轩/Yuxuan",
      ],
      surnames: [
        "王/Wang", "李/Li", "张/Zhang", "刘/Liu", "陈/Chen", "杨/Yang", "黄/Huang", "赵/Zhao", "周/Zhou",
        "吴/Wu", "欧阳/Ouyang", "司马/Sima",
      ],
      order: .surnameFirst(separator: "")),
    NameCulture(
      "chinese-latin",
      female: ["Mei", "Xiaoling", "Yan", "Hui", "Qing", "Lingling", "Jia", "Xue"],
      male: ["Wei", "Jian", "Hao", "Zhiwei", "Chen", "Bo", "Kai", "Tao"],
      surnames: ["Wang", "Li", "Zhang", "Liu", "Chen", "Lin", "Wong", "Ng", "Tan", "Lim", "Ho", "Cheung"]),
    NameCulture(
      "japanese",
      female: [
        "さくら/Sakura", "結衣/Yui", "恵美/Emi", "ひなた/Hinata", "美咲/Misaki", "陽菜/Hina", "愛子/Aiko",
        "由美子/Yumiko",
      ],
      male: [
        "陽翔/Haruto", "蓮/Ren", "大輔/Daisuke", "翔太/Shota", "健一/Kenichi", "拓也/Takuya", "悠真/Yuma",
        "誠/Makoto",
      ],
      surnames: [
        "佐藤/Sato", "鈴木/Suzuki", "高橋/Takahashi", "田中/Tanaka", "渡辺/Watanabe", "伊藤/Ito",
        "山本/Yamamoto", "中村/Nakamura", "小林/Kobayashi", "加藤/Kato",
      ],
      order: .surnameFirst(separator: " ")),
    NameCulture(
      "korean",
      female: ["서연/Seoyeon", "하은/Haeun", "지우/Jiwoo", "민지/Minji", "수아/Sua", "예은/Yeeun"],
      male: ["민준/Minjun", "도윤/Doyun", "서준/Seojun", "지호/Jiho", "현우/Hyunwoo", "성민/Sungmin"],
      surnames: ["김/Kim", "이/Lee", "박/Park", "최/Choi", "정/Jung", "강/Kang", "조/Cho", "윤/Yoon"],
      order: .surnameFirst(separator: "")),
    NameCulture(
      "vietnamese",
      female: ["Thị Lan", "Thu Hà", "Ngọc Ánh", "Thị Hương", "Minh Thư", "Phương Linh"],
      male: ["Văn An", "Đức Minh", "Quốc Bảo", "Văn Hùng", "Thành Long", "Hữu Phước"],
      surnames: ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Đặng", "Bùi"],
      order: .surnameFirst(separator: " ")),
    NameCulture(
      "indian",
      female: ["Priya", "Ananya", "Lakshmi", "Kavya", "Deepika", "Aishwarya", "Shreya", "Meenakshi"],
      male: ["Arjun", "Vikram", "Rohan", "Rahul", "Sanjay", "Aditya", "Karthik", "Venkatesh"],
      surnames: [
        "Sharma", "Patel", "Iyer", "Reddy", "Venkataraman", "Nair", "Gupta", "Krishnamurthy", "Banerjee",
        "Subramanian", "Desai", "Chatterjee",
      ]),
    NameCulture(
      "hindi",
      female: ["प्रिया/Priya", "अनन्या/Ananya", "स्नेहा/Sneha", "पूजा/Pooja"],
      male: ["अर्जुन/Arjun", "राहुल/Rahul", "अमित/Amit", "विकास/Vikas"],
      surnames: ["शर्मा/Sharma", "वर्मा/Verma", "गुप्ता/Gupta", "सिंह/Singh"]),
    NameCulture(
      "indonesian",
      female: ["Siti", "Dewi", "Putri", "Ayu", "Sri", "Wulan"],
      male: ["Budi", "Agus", "Joko", "Bambang", "Rizky", "Eko"],
      surnames: ["Santoso", "Wijaya", "Hartono", "Kusuma", "Saputra", "Wibowo", "Setiawan"],
      mononymPercent: 30),
    NameCulture(
      "arabic",
      female: ["فاطمة/Fatima", "ليلى/Layla", "نور/Nour", "مريم/Maryam", "سارة/Sara", "ياسمين/Yasmin", "هدى/Huda"],
      male: ["محمد/Mohammed", "أحمد/Ahmed", "عمر/Omar", "خالد/Khaled", "يوسف/Youssef", "علي/Ali", "حسن/Hassan"],
      surnames: [
        "الحسن/Al-Hassan", "العلي/Al-Ali", "حداد/Haddad", "خوري/Khoury", "المنصوري/Al-Mansouri",
        "الشامي/Al-Shami", "عبد الله/Abdullah", "الفارسي/Al-Farsi",
      ]),
    NameCulture(
      "arabic-latin",
      female: ["Fatima", "Layla", "Nour", "Aisha", "Rania", "Dalia", "Hanan"],
      male: ["Mohammed", "Ahmed", "Omar", "Khalid", "Tariq", "Karim", "Abdulrahman"],
      surnames: [
        "Al-Hassan", "El-Sayed", "Haddad", "Khoury", "Al-Mansouri", "bin Rashid", "Abdel-Aziz", "Nasser",
        "Farouk", "Saleh",
      ]),
    NameCulture(
      "hebrew",
      female: ["נועה/Noa", "תמר/Tamar", "מיכל/Michal", "שירה/Shira"],
      male: ["דוד/David", "יוסף/Yosef", "איתי/Itai", "אורי/Ori"],
      surnames: ["כהן/Cohen", "לוי/Levi", "מזרחי/Mizrahi", "פרץ/Peretz", "ביטון/Biton"]),
    NameCulture(
      "west-african",
      female: ["Ngozi", "Chiamaka", "Adaeze", "Folake", "Oluwaseun", "Yetunde", "Amara"],
      male: ["Chinedu", "Oluwaseun", "Emeka", "Tunde", "Kwame", "Kofi", "Ikechukwu"],
      surnames: ["Adebayo", "Okonkwo", "Okafor", "Nwosu", "Adeyemi", "Mensah", "Asante", "Oyelaran-Oyeyinka"]),
    NameCulture(
      "east-and-south-african",
      female: ["Achieng", "Wanjiru", "Nomvula", "Thandiwe", "Zanele", "Amahle"],
      male: ["Otieno", "Kamau", "Sipho", "Thabo", "Baraka", "Mandla"],
      surnames: ["Kamau", "Otieno", "Mwangi", "Dlamini", "Nkosi", "van der Merwe", "Ndlovu", "Mahlangu"]),
  ]
}
