/// European and American naming traditions: accents, apostrophes (O'Brien, D'Angelo),
/// hyphens (Jean-Luc, Meyer-Schulz), particles (van der Berg, de la Cruz), inner capitals
/// (McDonald, MacLeod, DeShawn), Cyrillic and Greek scripts.
extension NameTables {
  static let europeAndAmericas: [NameCulture] = [
    NameCulture(
      "english",
      female: [
        "Emily", "Olivia", "Charlotte", "Amelia", "Hannah", "Grace", "Madison", "Abigail", "Chloe", "Megan",
        "Sarah", "Jessica", "Laura", "Rebecca", "Ann", "Anne", "Annabel", "Kimberly", "Ashley", "Alexandra",
      ],
      male: [
        "James", "Oliver", "William", "Harry", "Jack", "Michael", "David", "Christopher", "Matthew", "Daniel",
        "Andrew", "Thomas", "Robert", "Joshua", "Benjamin", "Ethan", "Tyler", "DeShawn", "Kevin", "Alexander",
      ],
      surnames: [
        "Smith", "Johnson", "Williams", "Brown", "Jones", "Taylor", "Wilson", "Davies", "Evans", "Thomas",
        "Roberts", "Walker", "Wright", "Robinson", "Thompson", "White", "Hughes", "Edwards", "Green",
        "McDonald", "MacLeod", "Fitzgerald", "Campbell", "Anderson", "Clarke", "Hall-Jones", "St. John",
      ]),
    NameCulture(
      "irish",
      female: ["Siobhán", "Aoife", "Niamh", "Saoirse", "Caoimhe", "Róisín", "Orla", "Sinéad", "Áine", "Clodagh"],
      male: ["Seán", "Ciarán", "Pádraig", "Oisín", "Cathal", "Eoin", "Darragh", "Colm", "Tadhg", "Diarmuid"],
      surnames: [
        "O'Brien", "O'Sullivan", "O'Connor", "O'Neill", "McCarthy", "MacNamara", "Ó Ceallaigh", "Murphy",
        "Kelly", "Byrne", "Ryan", "Doyle", "Ní Bhriain~Ní Bhriain", "Ó Súilleabháin",
      ]),
    NameCulture(
      "dutch",
      female: ["Sanne", "Lotte", "Femke", "Anouk", "Eline", "Maaike", "Ilse", "Noor", "Fleur", "Marieke"],
      male: ["Daan", "Bram", "Joris", "Sem", "Thijs", "Ruben", "Pieter", "Jeroen", "Maarten", "Wouter"],
      surnames: [
        "van der Berg", "de Vries", "van Dijk", "Jansen", "Bakker", "van den Heuvel", "de Jong", "Visser",
        "van der Meer", "Smit", "de Boer", "Mulder", "van 't Hof", "IJzerman",
      ]),
    NameCulture(
      "german",
      female: [
        "Käthe", "Anna", "Lena", "Sophie", "Hannelore", "Hildegard", "Greta", "Lea", "Ursula",
        "Marie-Luise", "Annegret",
      ],
      male: [
        "Jürgen", "Günther", "Lukas", "Jörg", "Stefan", "Matthias", "Sebastian", "Uwe", "Björn", "Klaus-Peter",
        "Maximilian", "Tobias",
      ],
      surnames: [
        "Müller", "Schröder", "Weiß", "Groß", "Köhler", "Meyer-Schulz", "Schmidt", "Fischer", "Wagner",
        "Becker", "Hoffmann", "von Ascheberg", "Krüger", "Schäfer", "Zimmermann", "Bäcker",
      ]),
    NameCulture(
      "french",
      female: [
        "Amélie", "Hélène", "Chloé", "Zoë", "Céline", "Élodie", "Margaux", "Inès", "Léa", "Anne-Sophie",
        "Maëlle", "Françoise",
      ],
      male: [
        "Jean-Luc", "François", "Théo", "Jérôme", "Benoît", "Hugo", "Noël", "Gaël", "Loïc", "Jean-Baptiste",
        "Étienne", "Raphaël",
      ],
      surnames: [
        "Dubois", "Lefèvre", "de La Fontaine", "Girard", "Moreau", "Bénard", "Le Gall", "d'Arcy", "Lambert",
        "Rousseau", "Fournier", "Mercier", "Château", "Leclerc",
      ]),
    NameCulture(
      "spanish",
      female: [
        "María José", "Sofía", "Lucía", "Begoña", "Ainhoa", "Inés", "Pilar", "Mónica", "Nuria", "Ximena",
        "Valentina", "Guadalupe",
      ],
      male: [
        "José", "Ángel", "Iñigo", "Álvaro", "Jesús", "Rubén", "Sergio", "Joaquín", "Andrés", "Mateo",
        "Juan Carlos", "Héctor",
      ],
      surnames: [
        "García López", "Núñez", "Muñoz", "de la Cruz", "Fernández", "Rodríguez", "Martínez", "Sánchez",
        "Pérez", "Gómez", "Ibáñez", "del Río", "Peña", "Castillo",
      ]),
    NameCulture(
      "portuguese",
      female: ["Conceição", "Ana Luísa", "Beatriz", "Letícia", "Gabriela", "Fernanda", "Júlia", "Larissa"],
      male: ["João", "Luís", "Gonçalo", "Thiago", "Rodrigo", "Vinícius", "Caio", "Antônio"],
      surnames: [
        "Gonçalves", "da Silva", "dos Santos", "Araújo", "Conceição", "Magalhães", "Oliveira", "Pereira",
        "Assunção", "Brandão",
      ]),
    NameCulture(
      "italian",
      female: ["Chiara", "Giulia", "Francesca", "Martina", "Alessandra", "Federica", "Noemi", "Beatrice"],
      male: ["Giuseppe", "Niccolò", "Lorenzo", "Matteo", "Giovanni", "Andrea", "Luca", "Pierpaolo"],
      surnames: [
        "D'Angelo", "Dell'Orto", "Di Stefano", "Esposito", "Russo", "Ferrari", "Romano", "Colombo",
        "Bianchi", "De Luca", "Lo Russo", "Fabbri",
      ]),
    NameCulture(
      "nordic",
      female: ["Åsa", "Märta", "Ingrid", "Sigrid", "Linnéa", "Søs", "Astrid", "Kristín", "Björk", "Saga"],
      male: ["Bjørn", "Søren", "Øystein", "Håkan", "Jón", "Ólafur", "Nils", "Magnus", "Anders", "Erik"],
      surnames: [
        "Ødegård", "Åberg", "Lindqvist", "Sæther", "Johansson", "Nielsen", "Sigurðsson", "Hämäläinen",
        "Virtanen", "Bergström", "Løvås", "Andersen",
      ]),
    NameCulture(
      "central-european",
      female: ["Małgorzata", "Zofia", "Agnieszka", "Katarzyna", "Zuzana", "Lenka", "Jitka", "Réka", "Zsófia"],
      male: ["Łukasz", "Wojciech", "Grzegorz", "Zdeněk", "Jiří", "Tomáš", "Bartłomiej", "Gábor", "Dávid"],
      surnames: [
        "Wiśniewski~Wiśniewska", "Kowalczyk", "Szczepański~Szczepańska", "Błaszczykowski~Błaszczykowska",
        "Dvořák~Dvořáková", "Novák~Nováková", "Svoboda~Svobodová", "Kovács", "Nagy", "Wójcik",
        "Zieliński~Zielińska",
      ]),
    NameCulture(
      "turkish",
      female: ["Çağla", "Şule", "Gülşen", "Özlem", "Ayşe", "Elif", "Zeynep", "Büşra"],
      male: ["Gökhan", "İlker", "Ömer", "Çağrı", "Mustafa", "Emre", "Barış", "Uğur"],
      surnames: ["Yılmaz", "Öztürk", "Şahin", "Çelik", "Doğan", "Kılıç", "Aydın", "Özdemir", "Arslan", "Koç"]),
    NameCulture(
      "slavic-cyrillic",
      female: [
        "Олена/Olena", "Мария/Mariya", "Ольга/Olga", "Наталья/Natalya", "Ирина/Iryna", "Юлия/Yuliya",
        "Светлана/Svetlana", "Анастасия/Anastasiya", "Дарья/Darya",
      ],
      male: [
        "Іван/Ivan", "Алексей/Aleksey", "Дмитрий/Dmitriy", "Сергій/Serhiy", "Андрей/Andrey", "Михаил/Mikhail",
        "Олександр/Oleksandr", "Николай/Nikolay", "Юрій/Yuriy",
      ],
      surnames: [
        "Шевченко/Shevchenko", "Бондаренко/Bondarenko", "Коваленко/Kovalenko", "Ткаченко/Tkachenko",
        "Кравчук/Kravchuk", "Мельник/Melnyk", "Иванов~Иванова/Ivanov~Ivanova",
        "Смирнов~Смирнова/Smirnov~Smirnova", "Попов~Попова/Popov~Popova", "Лысенко/Lysenko",
        "Петров~Петрова/Petrov~Petrova",
      ]),
    NameCulture(
      "greek",
      female: [
        "Ελένη/Eleni", "Μαρία/Maria", "Κατερίνα/Katerina", "Σοφία/Sofia", "Δήμητρα/Dimitra",
        "Αικατερίνη/Aikaterini", "Χριστίνα/Christina",
      ],
      male: [
        "Γιώργος/Giorgos", "Δημήτρης/Dimitris", "Νίκος/Nikos", "Κωνσταντίνος/Konstantinos", "Γιάννης/Giannis",
        "Παναγιώτης/Panagiotis", "Αλέξανδρος/Alexandros",
      ],
      surnames: [
        "Παπαδόπουλος~Παπαδοπούλου/Papadopoulos~Papadopoulou", "Οικονόμου/Oikonomou",
        "Γεωργίου/Georgiou", "Νικολάου/Nikolaou", "Βασιλείου/Vasileiou",
        "Καραγιάννης~Καραγιάννη/Karagiannis~Karagianni", "Αθανασίου/Athanasiou",
      ]),
    NameCulture(
      "latin-american",
      female: ["Ximena", "Guadalupe", "Camila", "Valeria", "Renata", "Daniela", "Fernanda", "Paola"],
      male: ["Santiago", "Sebastián", "Emiliano", "Diego", "Joaquín", "Martín", "Nicolás", "Tomás"],
      surnames: [
        "Hernández", "González", "Ramírez", "Flores", "Morales", "Vázquez", "Cortés", "de León", "Ortiz",
        "Jiménez",
      ]),
  ]
}
