import type { Page } from '@shop/shared/contract';

/**
 * Legal and information pages of the demo restaurant (AGB, Datenschutz, Impressum, Cookies): a
 * Hamburg GmbH with two branches that sells food and drinks online for pickup, delivery and at the
 * table, with payments by Stripe and PayPal and sign-in and push by Firebase. Demo company data.
 */

const COMPANY = 'Street Food Hamburg GmbH';
const ADDRESS = 'Lange Reihe 42\n20099 Hamburg';

const impressum: Page = {
  name: 'Impressum',
  title: 'Impressum',
  body: [
    { heading: 'Angaben gemäß § 5 DDG', text: `${COMPANY}\n${ADDRESS}\nDeutschland` },
    { heading: 'Vertreten durch', text: 'Die Geschäftsführer Carla Mendes und Jonas Petersen' },
    { heading: 'Kontakt', text: 'Telefon: 040 2485 1190\nE-Mail: hallo@streetfood-hamburg.de' },
    { heading: 'Registereintrag', text: 'Eintragung im Handelsregister\nRegistergericht: Amtsgericht Hamburg\nRegisternummer: HRB 123456' },
    { heading: 'Umsatzsteuer-ID', text: 'Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE 298 765 432' },
    {
      heading: 'Unsere Filialen',
      text: 'Street Food St. Georg, Lange Reihe 42, 20099 Hamburg, Telefon 040 2485 1190\nStreet Food Eimsbüttel, Grindelallee 118, 20146 Hamburg, Telefon 040 4135 7721',
    },
    { heading: 'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV', text: `Carla Mendes\n${ADDRESS}` },
    {
      heading: 'Verbraucherstreitbeilegung',
      text: 'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
    },
    {
      heading: 'Haftung für Inhalte und Links',
      text:
        'Wir erstellen die Inhalte dieses Shops mit größter Sorgfalt. Für die Richtigkeit, Vollständigkeit und Aktualität können wir dennoch keine Gewähr übernehmen; ' +
        'maßgeblich für deine Bestellung sind die Angaben im Warenkorb und in der Bestellübersicht. Für Inhalte externer Seiten, auf die wir verlinken (zum Beispiel die Tischreservierung), ' +
        'sind ausschließlich deren Betreiber verantwortlich. Werden uns Rechtsverletzungen bekannt, entfernen wir solche Links umgehend.',
    },
    { heading: 'Bildnachweis', text: 'Illustrationen und Produktbilder: Street Food Hamburg GmbH.' },
  ],
};

const datenschutz: Page = {
  name: 'Datenschutz',
  title: 'Datenschutzerklärung',
  body: [
    {
      heading: '1. Verantwortlicher',
      text: `Verantwortlich für die Verarbeitung deiner personenbezogenen Daten im Sinne der Datenschutz-Grundverordnung (DSGVO) ist:\n${COMPANY}\n${ADDRESS}\nTelefon: 040 2485 1190\nE-Mail: datenschutz@streetfood-hamburg.de`,
    },
    {
      heading: '2. Überblick',
      text:
        'Wir verarbeiten personenbezogene Daten nur, soweit das für den Betrieb dieses Shops, die Abwicklung deiner Bestellungen und dein Kundenkonto nötig ist, ' +
        'du eingewilligt hast oder ein Gesetz es erlaubt. Wir verkaufen keine Daten und nutzen sie nicht für Werbung durch Dritte.',
    },
    {
      heading: '3. Aufruf des Shops und Server-Protokolle',
      text:
        'Bei jedem Aufruf verarbeitet unser Server technisch notwendige Daten: IP-Adresse, Datum und Uhrzeit, aufgerufene Adresse, Referrer, Browser und Betriebssystem. ' +
        'Das dient der Auslieferung des Shops, der Fehlersuche und der Abwehr von Angriffen (Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse ist ein sicherer, stabiler Betrieb). ' +
        'Server-Protokolle löschen wir nach spätestens 14 Tagen, soweit sie nicht zur Aufklärung eines Sicherheitsvorfalls benötigt werden. ' +
        'Der Shop wird auf Servern in der Europäischen Union betrieben; mit unserem Hosting-Dienstleister besteht ein Vertrag zur Auftragsverarbeitung (Art. 28 DSGVO).',
    },
    {
      heading: '4. Bestellungen',
      text:
        'Für deine Bestellung verarbeiten wir Name, E-Mail-Adresse, Mobilnummer, die bestellten Artikel mit Anmerkungen, Abholzeit oder Tischnummer und – bei Lieferung – deine Lieferadresse, ' +
        'auf Wunsch auch eine Rechnungsadresse. Rechtsgrundlage ist die Erfüllung des Vertrags (Art. 6 Abs. 1 lit. b DSGVO). ' +
        'Die Mobilnummer brauchen wir für Rückfragen zur Bestellung, die Lieferadresse erhalten nur unsere Fahrerinnen und Fahrer. ' +
        'Bestell- und Rechnungsdaten bewahren wir auf, solange Handels- und Steuerrecht es verlangen (§ 257 HGB, § 147 AO; bis zu zehn Jahre, Art. 6 Abs. 1 lit. c DSGVO).',
    },
    {
      heading: '5. Kundenkonto und Anmeldung (Firebase Authentication)',
      text:
        'Für das freiwillige Kundenkonto (Favoriten, Stempelkarte, frühere Bestellungen, gespeicherte Zahlungsmittel, Kundenkarten, deine Allergen-Einstellung) nutzen wir Firebase Authentication der Google Ireland Limited, ' +
        'Gordon House, Barrow Street, Dublin 4, Irland. Dabei werden E-Mail-Adresse, bei der Anmeldung per SMS die Telefonnummer, der Anmeldeweg, eine Nutzerkennung und die IP-Adresse verarbeitet; ' +
        'dein Passwort sehen wir nicht. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Google kann Daten auch in den USA verarbeiten; Google LLC ist nach dem EU-U.S. Data Privacy Framework zertifiziert ' +
        '(Angemessenheitsbeschluss der EU-Kommission, Art. 45 DSGVO), ergänzend gelten Standardvertragsklauseln. Du kannst dein Konto jederzeit löschen lassen; ' +
        'die Kontodaten löschen wir dann, Bestelldaten nach Ablauf der gesetzlichen Fristen.',
    },
    {
      heading: '6. Benachrichtigungen',
      text:
        'Den Status deiner Bestellung siehst du auf der Bestellseite; dafür hält dein Browser, solange die Seite geöffnet ist, eine Verbindung zu unserem Server, ' +
        'über die nur Statusänderungen deiner Bestellungen und Änderungen der Speisekarte, der Angebote und der Neuigkeiten kommen. ' +
        'Push-Benachrichtigungen (zum Beispiel „Deine Bestellung ist abholbereit“ sowie Neuigkeiten, Gutscheine und Stempelkarte) senden wir nur, wenn du sie in deinem Browser erlaubst ' +
        '(Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Dann speichern wir auf unserem Server ein Geräte-Token deines Browsers, die Themen, die du in den Einstellungen gewählt hast, ' +
        'und – wenn du angemeldet bist – die Zuordnung zu deinem Kundenkonto. Zugestellt werden die Nachrichten über Firebase Cloud Messaging der Google Ireland Limited (Anschrift wie oben; ' +
        'Google kann Daten auch in den USA verarbeiten, siehe Abschnitt 5); Google erhält dabei das Geräte-Token und den Text der Nachricht. ' +
        'Du kannst die Erlaubnis jederzeit in deinem Browser entziehen und die Themen unter „Einstellungen“ abwählen; ein Token, das nicht mehr gilt, löschen wir beim nächsten Versand.',
    },
    {
      heading: '7. Zahlung mit Stripe',
      text:
        'Kartenzahlungen sowie Apple Pay und Google Pay wickeln wir über Stripe Payments Europe, Limited, 1 Grand Canal Street Lower, Grand Canal Dock, Dublin, D02 H210, Irland, ab. ' +
        'Deine Kartendaten gibst du direkt in ein Eingabefeld von Stripe ein; sie erreichen unsere Server nicht. Stripe erhält Betrag, Bestellnummer, Name, E-Mail-Adresse und zur Betrugsvorbeugung ' +
        'Geräte- und Verbindungsdaten. Rechtsgrundlagen sind Art. 6 Abs. 1 lit. b DSGVO (Zahlung) und Art. 6 Abs. 1 lit. f DSGVO (Schutz vor Zahlungsbetrug). ' +
        'Stripe kann Daten auch in den USA verarbeiten (Stripe, Inc. ist nach dem EU-U.S. Data Privacy Framework zertifiziert). Mehr dazu: https://stripe.com/de/privacy',
    },
    {
      heading: '8. Zahlung mit PayPal',
      text:
        'Wählst du PayPal, leiten wir dich zu PayPal (Europe) S.à r.l. et Cie, S.C.A., 22–24 Boulevard Royal, L-2449 Luxemburg, weiter und übermitteln Betrag, Bestellnummer und Artikel. ' +
        'Deine Anmeldung und Zahlung erfolgen bei PayPal; wir erhalten nur die Bestätigung der Zahlung. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. ' +
        'Mehr dazu: https://www.paypal.com/de/legalhub/privacy-full',
    },
    {
      heading: '9. Kundenkarte und Zahlung vor Ort',
      text:
        'Unsere Kundenkarte bekommst du in einer Filiale: mit Kartennummer und Prüfcode. Fügst du sie unter „Karten“ deinem Kundenkonto hinzu, verbinden wir sie mit deinem Konto. ' +
        'Wir verarbeiten in unserer eigenen Datenbank Kartennummer, Guthaben und jede Buchung (Aufladung, Zahlung mit Bestellnummer, Erstattung), welches Mitarbeiterkonto die Karte ausgegeben oder aufgeladen hat ' +
        'und den Prüfcode nur als nicht umkehrbaren Prüfwert (Art. 6 Abs. 1 lit. b DSGVO). Die Buchungen bewahren wir auf, solange Handels- und Steuerrecht es verlangen. ' +
        'Bei Zahlung vor Ort in bar oder mit Karte erheben wir online keine Zahlungsdaten.',
    },
    {
      heading: '10. Speicherung im Browser',
      text:
        'Damit Warenkorb, Tischnummer, Abholzeit und deine Formulardaten beim nächsten Aufruf noch da sind, speichern wir sie in deinem Browser (Local Storage). ' +
        'Das ist für den von dir gewünschten Dienst unbedingt erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG). Wir binden keine Analyse-, Werbe- oder Social-Media-Dienste ein ' +
        'und laden keine Schriften oder Skripte von fremden Servern – außer den Zahlungsdiensten, wenn du online bezahlst. Einzelheiten stehen auf der Seite Cookies.',
    },
    {
      heading: '10a. Statistik über Seitenaufrufe (nur mit deiner Einwilligung)',
      text:
        'Beim ersten Besuch fragen wir, ob wir zählen dürfen, welche Seiten des Shops aufgerufen werden. Nur wenn du „Statistik erlauben“ wählst, meldet der Shop bei jedem Seitenwechsel ' +
        'den Namen der Seite (zum Beispiel „Korb“) und die Gerätegröße (Smartphone, Tablet oder Desktop) an unseren eigenen Server. Dort speichern wir nur eine Zahl: wie oft jede Seite an jedem Tag ' +
        'auf jeder Gerätegröße aufgerufen wurde – keine Gerätekennung, keine IP-Adresse, keine Uhrzeit, nichts, was auf dich schließen lässt; nichts davon geht an Dritte. ' +
        'Die Zahlen sehen nur wir, um den Shop zu verbessern. Rechtsgrundlage ist deine Einwilligung (§ 25 Abs. 1 TDDDG, Art. 6 Abs. 1 lit. a DSGVO). ' +
        'Deine Wahl merken wir uns in deinem Browser: mit Statistik etwa 360 Tage, ohne Statistik einen Tag, danach fragen wir erneut. ' +
        'Du kannst die Einwilligung jederzeit über „Datenschutz-Einstellungen“ unten auf jeder Seite widerrufen (Art. 7 Abs. 3 DSGVO).',
    },
    {
      heading: '11. Kontakt',
      text:
        'Schreibst du uns eine E-Mail oder rufst du an, verarbeiten wir deine Angaben, um dein Anliegen zu beantworten (Art. 6 Abs. 1 lit. b oder f DSGVO), ' +
        'und löschen sie, wenn es erledigt ist und keine Aufbewahrungspflicht besteht.',
    },
    {
      heading: '12. Empfänger',
      text:
        'Empfänger deiner Daten sind nur die oben genannten Dienstleister (Hosting, Firebase, Stripe, PayPal), unsere Filialen und Fahrer sowie – für die Buchhaltung – unser Steuerberater. ' +
        'Auftragsverarbeiter sind vertraglich an unsere Weisungen gebunden.',
    },
    {
      heading: '13. Deine Rechte',
      text:
        'Du hast das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18) und Datenübertragbarkeit (Art. 20). ' +
        'Eine Einwilligung kannst du jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3). Eine E-Mail an datenschutz@streetfood-hamburg.de genügt.',
    },
    {
      heading: '14. Widerspruchsrecht',
      text:
        'Verarbeiten wir Daten auf Grundlage unseres berechtigten Interesses (Art. 6 Abs. 1 lit. f DSGVO), kannst du aus Gründen, die sich aus deiner besonderen Situation ergeben, ' +
        'jederzeit widersprechen (Art. 21 DSGVO). Wir verarbeiten die Daten dann nicht mehr, es sei denn, es gibt zwingende schutzwürdige Gründe.',
    },
    {
      heading: '15. Beschwerderecht',
      text:
        'Du kannst dich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO). Für uns zuständig ist: Der Hamburgische Beauftragte für Datenschutz und Informationsfreiheit, ' +
        'Ludwig-Erhard-Straße 22, 20459 Hamburg.',
    },
    {
      heading: '16. Sicherheit',
      text: 'Der Shop ist nur verschlüsselt (TLS) erreichbar. Eine automatisierte Entscheidungsfindung einschließlich Profiling (Art. 22 DSGVO) findet nicht statt.',
    },
  ],
};

const agb: Page = {
  name: 'AGB',
  title: 'Allgemeine Geschäftsbedingungen',
  body: [
    {
      heading: '§ 1 Geltungsbereich und Anbieter',
      text:
        `Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen über den Online-Shop der ${COMPANY}, Lange Reihe 42, 20099 Hamburg ` +
        '(„wir“), zur Abholung, zur Lieferung und am Tisch in unseren Filialen St. Georg und Eimsbüttel. Abweichende Bedingungen erkennen wir nicht an.',
    },
    {
      heading: '§ 2 Vertragsschluss',
      text:
        'Die Darstellung der Speisen und Getränke im Shop ist kein verbindliches Angebot. Mit dem Klick auf „Zahlungspflichtig Bestellen“ gibst du ein verbindliches Angebot ab. ' +
        'Bis dahin kannst du deine Eingaben im Warenkorb und in der Bestellübersicht jederzeit prüfen und ändern. Der Vertrag kommt zustande, wenn wir deine Bestellung bestätigen ' +
        'oder mit der Zubereitung beginnen. Die Vertragssprache ist Deutsch. Deine Bestellung kannst du jederzeit auf der Bestellseite ansehen, deren Adresse wir dir anzeigen.',
    },
    {
      heading: '§ 3 Preise, Gebühren und Mindestbestellwert',
      text:
        'Alle Preise sind Endpreise in Euro einschließlich der gesetzlichen Mehrwertsteuer. Preise zum Mitnehmen können von den Preisen im Restaurant abweichen. ' +
        'Für Lieferungen gelten je Liefergebiet eine Liefergebühr und ein Mindestbestellwert, für Online-Zahlungen gegebenenfalls eine Servicegebühr; ' +
        'alle Gebühren siehst du vor Abschluss der Bestellung im Warenkorb.',
    },
    {
      heading: '§ 4 Abholung, Lieferung und Bestellung am Tisch',
      text:
        'Bei Abholung wählst du eine Abholzeit; bitte hole deine Bestellung in der gewählten Filiale ab. Nicht abgeholte Speisen können wir aus hygienischen Gründen ' +
        'nur bis 30 Minuten nach der Abholzeit aufbewahren; der Anspruch auf Bezahlung bleibt bestehen. Wir liefern nur in die im Shop angezeigten Postleitzahlen; ' +
        'angegebene Lieferzeiten sind voraussichtliche Zeiten. Bei Bestellungen am Tisch servieren wir an die angegebene Tischnummer.',
    },
    {
      heading: '§ 5 Zahlung',
      text:
        'Du kannst online mit Kreditkarte, Apple Pay oder Google Pay (über Stripe), mit PayPal oder mit unserer Kundenkarte bezahlen, je nach Filiale und Bestellart auch vor Ort. ' +
        'Bei Online-Zahlung wird der Betrag zunächst reserviert und erst belastet, wenn wir deine Bestellung annehmen; lehnen wir sie ab oder wird sie storniert, geben wir die Reservierung frei. ' +
        'Trinkgeld, das du freiwillig angibst, geben wir vollständig an unser Team weiter.',
    },
    {
      heading: '§ 6 Gutscheine und Stempelkarte',
      text:
        'Gutscheine und Gutscheincodes sind nur im angegebenen Zeitraum und zu den genannten Bedingungen einlösbar, pro Code nur einmal je Bestellung und nicht gegen Bargeld. ' +
        'Nicht kombinierbare Gutscheine können nicht mit anderen Gutscheinen zusammen eingelöst werden. Der Gutschein einer vollen Stempelkarte ist an dein Kundenkonto gebunden.',
    },
    {
      heading: '§ 7 Kein Widerrufsrecht',
      text:
        'Ein Widerrufsrecht besteht nicht bei Verträgen über die Lieferung von Waren, die schnell verderben können (§ 312g Abs. 2 Nr. 2 BGB), ' +
        'und von Waren, die nach deinen individuellen Wünschen zubereitet werden (§ 312g Abs. 2 Nr. 1 BGB). Das gilt für alle frisch zubereiteten Speisen und Getränke.',
    },
    {
      heading: '§ 8 Allergene und Zusatzstoffe',
      text:
        'Allergene und kennzeichnungspflichtige Zusatzstoffe geben wir bei jedem Artikel an (Lebensmittelinformations-Verordnung). ' +
        'In unseren Küchen werden alle 14 Hauptallergene verarbeitet; Spuren können wir daher nicht ausschließen. Bei Fragen ruf uns bitte vor der Bestellung an.',
    },
    {
      heading: '§ 9 Alkohol und Jugendschutz',
      text:
        'Alkoholische Getränke geben wir nur an Personen ab, die das gesetzliche Mindestalter erreicht haben (§ 9 Jugendschutzgesetz: Bier und Wein ab 16, Spirituosen ab 18 Jahren). ' +
        'Bei Abholung, Lieferung und am Tisch können wir einen Altersnachweis verlangen und die Herausgabe sonst verweigern.',
    },
    {
      heading: '§ 10 Stornierung',
      text:
        'Möchtest du eine Bestellung ändern oder stornieren, ruf bitte sofort die Filiale an; das ist möglich, solange wir noch nicht mit der Zubereitung begonnen haben. ' +
        'Können wir eine Bestellung nicht ausführen (etwa weil ein Artikel ausverkauft ist), informieren wir dich und erstatten bereits gezahlte Beträge umgehend.',
    },
    {
      heading: '§ 11 Gewährleistung und Haftung',
      text:
        'Es gelten die gesetzlichen Mängelrechte. Bitte melde Mängel möglichst sofort bei der Übergabe oder telefonisch. Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, ' +
        'bei Verletzung von Leben, Körper oder Gesundheit und nach dem Produkthaftungsgesetz. Bei leicht fahrlässiger Verletzung wesentlicher Vertragspflichten ist die Haftung ' +
        'auf den vorhersehbaren, vertragstypischen Schaden begrenzt; im Übrigen ist sie bei leichter Fahrlässigkeit ausgeschlossen.',
    },
    {
      heading: '§ 12 Schlussbestimmungen',
      text:
        'Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts; zwingende Verbraucherschutzvorschriften des Staates, in dem du wohnst, bleiben unberührt. ' +
        'Wir nehmen nicht an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teil. Sollte eine Bestimmung unwirksam sein, bleiben die übrigen wirksam.',
    },
  ],
};

const cookies: Page = {
  name: 'Cookies',
  title: 'Cookies und lokale Speicherung',
  body: [
    {
      heading: 'Kurz gesagt',
      text:
        'Wir selbst setzen höchstens ein technisch nötiges Cookie (siehe unten) und nutzen keine Werbe- oder Trackingdienste Dritter. In deinem Browser speichern wir, was der Shop zum Funktionieren braucht. ' +
        'Nur für eine einzige Sache fragen wir nach deiner Einwilligung: ob wir auf unserem eigenen Server anonym zählen dürfen, welche Seiten aufgerufen werden (Statistik, siehe unten). ' +
        'Wenn du online bezahlst, setzt der Zahlungsdienst eigene Cookies (siehe unten).',
    },
    {
      heading: 'Unbedingt erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG)',
      text:
        'In deinem Browser (Local Storage) speichern wir:\n' +
        '• Warenkorb – bis zu 12 Stunden, damit er nach einem Neuladen noch da ist\n' +
        '• Bestellart, Tischnummer und gewählte Abholzeit – jeweils bis zu 2 Stunden\n' +
        '• deine Formulardaten (Name, E-Mail, Telefon, Adresse), damit du sie nicht erneut eingeben musst\n' +
        '• deine letzten Bestellungen, um ihren Status anzuzeigen\n' +
        '• deine Favoriten und Allergen-Filter, deine gewählte Filiale und gespeicherte Gutscheine\n' +
        '• eine Kopie der Speisekarte, der Filialdaten und der Shop-Einstellungen, damit der Shop schnell und auch offline startet\n' +
        '• eine zufällige Gerätekennung für Favoriten und Anfragen an unseren Server\n' +
        '• deine Datenschutz-Einstellung (Statistik ja oder nein) – mit Statistik etwa 360 Tage, ohne Statistik einen Tag\n' +
        '• wann du zuletzt „Aktuelles“ geöffnet hast, damit wir neue Nachrichten markieren können\n' +
        '• wenn du Push-Benachrichtigungen erlaubt hast: das Geräte-Token dafür (bis du die Erlaubnis entziehst)\n' +
        'Bist du angemeldet, speichert Firebase Authentication deinen Anmeldestatus im Browser (IndexedDB). ' +
        'Für die Offline-Fähigkeit legt der Service Worker die Dateien des Shops im Browser-Cache ab.\n' +
        'Nur während wir eine neue Version eines Shop-Teils schrittweise einführen, setzen wir das Cookie „shop_canary“: eine zufällige Kennung (bis zu 180 Tage), ' +
        'damit du bei jedem Neuladen dieselbe Version bekommst. Es enthält nichts über dich und wird nur von unserem Server gelesen.',
    },
    {
      heading: 'Statistik (nur mit Einwilligung, § 25 Abs. 1 TDDDG)',
      text:
        'Erlaubst du die Statistik, meldet der Shop bei jedem Seitenwechsel den Namen der Seite und die Gerätegröße (Smartphone, Tablet oder Desktop) an unseren eigenen Server. ' +
        'Dort zählen wir nur, wie oft jede Seite an jedem Tag aufgerufen wurde. Dabei wird in deinem Browser nichts zusätzlich gespeichert und auf dem Server weder eine Gerätekennung noch deine IP-Adresse. ' +
        'Ohne Einwilligung wird nichts gemeldet. Ändern oder widerrufen kannst du deine Wahl jederzeit über „Datenschutz-Einstellungen“ unten auf jeder Seite oder hier auf dieser Seite.',
    },
    {
      heading: 'Zahlungsdienstleister',
      text:
        'Wenn du online bezahlst, setzt Stripe zur Betrugsvorbeugung die Cookies „__stripe_mid“ (1 Jahr) und „__stripe_sid“ (30 Minuten). ' +
        'Bezahlst du mit PayPal, gelten auf den Seiten von PayPal dessen Cookie-Regeln. Ohne diese Speicherung ist eine sichere Online-Zahlung nicht möglich.',
    },
    {
      heading: 'Löschen',
      text:
        'Du kannst alle gespeicherten Daten jederzeit löschen, indem du in den Einstellungen deines Browsers die Website-Daten dieses Shops entfernst. ' +
        'Warenkorb, Tischnummer, Formulardaten und Favoriten auf diesem Gerät sind danach gelöscht.',
    },
  ],
};

/** How to install the shop as an app (linked as /Beitrag/AppInstallation). */
const appInstallation: Page = {
  name: 'App-Installation',
  tag: 'AppInstallation',
  title: 'Street Food als App',
  body: [
    {
      heading: 'Android (Chrome)',
      text: 'Öffne den Shop in Chrome, tippe oben rechts auf das Menü (⋮) und wähle „App installieren“ oder „Zum Startbildschirm hinzufügen“. Alternativ im Menü des Shops: „App installieren“.',
    },
    {
      heading: 'iPhone und iPad (Safari)',
      text: 'Öffne den Shop in Safari, tippe auf „Teilen“ (das Quadrat mit dem Pfeil) und dann auf „Zum Home-Bildschirm“.',
    },
    {
      heading: 'Was du davon hast',
      text: 'Der Shop startet wie eine App im Vollbild, merkt sich Warenkorb und Bestellungen und öffnet sich auch bei schwachem Netz schnell. Es wird nichts aus einem App-Store installiert.',
    },
  ],
};

export const seedPages: Page[] = [impressum, datenschutz, agb, cookies, appInstallation];
