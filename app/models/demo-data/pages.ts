import type { LanguageCode, Translated } from "./reference";

// Texts of the fixed content pages, as plain text: a blank line between
// paragraphs, "## " before a heading (models/content/body.ts); lines of a
// list stay lines. Contact details use the reserved .example domain. A few
// pages have a slug of their own in a language (/lt/kontaktai).

export interface DemoPage {
  slug: string;
  /** The page's own slug in a language; the others use `slug`. */
  slugs?: Partial<Record<LanguageCode, string>>;
  title: Translated;
  description: Translated;
  body: Translated;
}

export const PAGES: readonly DemoPage[] = [
  {
    slug: "about-us",
    title: { en: "About us", lt: "Apie mus", lv: "Par mums", ee: "Meist" },
    description: {
      en: "Shipwise helps shoppers in the Baltics buy from stores around the world and get their parcels home.",
      lt: "Shipwise padeda Baltijos šalių pirkėjams apsipirkti viso pasaulio parduotuvėse ir parsigabenti siuntas namo.",
      lv: "Shipwise palīdz Baltijas pircējiem iepirkties veikalos visā pasaulē un saņemt sūtījumus mājās.",
      ee: "Shipwise aitab Balti riikide ostlejatel osta kogu maailma poodidest ja saada pakid koju.",
    },
    body: {
      en: `Shipwise started in Vilnius with a simple idea: shopping in another country should be as easy as shopping next door. Today we serve customers in Lithuania, Latvia and Estonia from warehouses in Europe, the United States and the United Arab Emirates.

## What we do

- Marketplace – thousands of products in stock, with prices that already include delivery to the Baltics.
- Quotes – send us a link to any online store and we will buy the item for you and tell you the full price up front.
- Parcel forwarding – use our warehouse address when you shop abroad and we will forward the parcel to you by air or by sea.

## How we work

We check every parcel when it arrives, combine orders to save on shipping and keep you posted at every step. If something goes wrong, our support team answers in English, Lithuanian, Latvian and Estonian.`,
      lt: `Shipwise įkurta Vilniuje, vadovaujantis paprasta idėja: apsipirkti kitoje šalyje turi būti taip pat paprasta kaip kaimyninėje parduotuvėje. Šiandien aptarnaujame klientus Lietuvoje, Latvijoje ir Estijoje, o mūsų sandėliai veikia Europoje, Jungtinėse Amerikos Valstijose ir Jungtiniuose Arabų Emyratuose.

## Ką darome

- Prekyvietė – tūkstančiai prekių sandėlyje, o jų kainos jau apima pristatymą į Baltijos šalis.
- Pasiūlymai – atsiųskite mums nuorodą į bet kurią internetinę parduotuvę: prekę nupirksime už jus ir iš anksto pasakysime visą kainą.
- Siuntų persiuntimas – apsipirkdami užsienyje nurodykite mūsų sandėlio adresą, o siuntą jums persiųsime oro arba jūrų transportu.

## Kaip dirbame

Kiekvieną siuntą patikriname vos jai atvykus, sujungiame užsakymus, kad sutaupytumėte pristatymo išlaidų, ir informuojame apie kiekvieną žingsnį. Jei kas nors nepavyksta, mūsų klientų aptarnavimo komanda atsakys lietuvių, anglų, latvių ir estų kalbomis.`,
      lv: `Shipwise dibināts Viļņā ar vienkāršu ideju: iepirkties citā valstī jābūt tikpat vienkārši kā tuvākajā veikalā. Šodien mēs apkalpojam klientus Lietuvā, Latvijā un Igaunijā, un mūsu noliktavas atrodas Eiropā, Amerikas Savienotajās Valstīs un Apvienotajos Arābu Emirātos.

## Ko mēs darām

- Tirgus laukums – tūkstošiem preču noliktavā, un to cenās jau iekļauta piegāde uz Baltijas valstīm.
- Cenu piedāvājumi – atsūtiet mums saiti uz jebkuru interneta veikalu: mēs nopirksim preci jūsu vietā un jau iepriekš paziņosim pilnu cenu.
- Sūtījumu pāradresācija – iepērkoties ārzemēs, norādiet mūsu noliktavas adresi, un mēs pārsūtīsim sūtījumu jums ar aviotransportu vai pa jūru.

## Kā mēs strādājam

Katru sūtījumu pārbaudām, tiklīdz tas ierodas, apvienojam pasūtījumus, lai jūs ietaupītu uz piegādi, un informējam par katru soli. Ja kaut kas noiet greizi, mūsu klientu atbalsta komanda atbildēs latviešu, angļu, lietuviešu un igauņu valodā.`,
      ee: `Shipwise sai alguse Vilniuses lihtsast ideest: teises riigis ostlemine peaks olema sama lihtne kui naaberpoes käimine. Täna teenindame kliente Leedus, Lätis ja Eestis ning meie laod asuvad Euroopas, Ameerika Ühendriikides ja Araabia Ühendemiraatides.

## Mida me teeme

- Turg – tuhanded laos olevad tooted, mille hinnas sisaldub juba kohaletoimetamine Balti riikidesse.
- Hinnapakkumised – saatke meile link ükskõik millisesse e-poodi: ostame toote teie eest ja ütleme kogu hinna ette ära.
- Pakkide edasisaatmine – märkige välismaal ostes tarneaadressiks meie ladu ja me saadame paki teile edasi lennu- või meretranspordiga.

## Kuidas me töötame

Kontrollime iga paki kohe pärast selle saabumist, koondame tellimused, et saaksite saatmiskuludelt säästa, ja anname teada igast sammust. Kui midagi läheb valesti, vastab meie klienditugi eesti, inglise, leedu ja läti keeles.`,
    },
  },
  {
    slug: "privacy-policy",
    slugs: { lt: "privatumo-politika", lv: "privatuma-politika", ee: "privaatsuspoliitika" },
    title: { en: "Privacy policy", lt: "Privatumo politika", lv: "Privātuma politika", ee: "Privaatsuspoliitika" },
    description: {
      en: "How we collect, use and protect your personal data.",
      lt: "Kaip renkame, naudojame ir saugome jūsų asmens duomenis.",
      lv: "Kā mēs vācam, izmantojam un aizsargājam jūsu personas datus.",
      ee: "Kuidas me teie isikuandmeid kogume, kasutame ja kaitseme.",
    },
    body: {
      en: `This policy explains what personal data Shipwise collects, why we need it and what rights you have. It applies to all our sites and to the marketplace, quote and parcel-forwarding services.

## What we collect

- Contact details: your name, email address, phone number and delivery addresses.
- Order details: the products you buy, the parcels we handle for you and your payment history.
- Technical data: cookies and similar technologies that keep you signed in and help us improve the site.

## Why we use it

We use your data to process orders and deliveries, to keep your account balance, to answer your questions and, only with your consent, to send you our newsletter. We never sell personal data.

## Your rights

You can ask us for a copy of your data, correct it or have it deleted at any time. Write to privacy@shipwise.example and we will reply within 30 days.`,
      lt: `Šioje politikoje paaiškiname, kokius asmens duomenis renka Shipwise, kam jų reikia ir kokias teises turite. Ji taikoma visoms mūsų svetainėms, prekyvietei, pasiūlymų ir siuntų persiuntimo paslaugoms.

## Kokius duomenis renkame

- Kontaktinius duomenis: vardą, pavardę, el. pašto adresą, telefono numerį ir pristatymo adresus.
- Užsakymų duomenis: perkamas prekes, mūsų tvarkomas siuntas ir mokėjimų istoriją.
- Techninius duomenis: slapukus ir panašias technologijas, kurios leidžia likti prisijungusiems ir padeda tobulinti svetainę.

## Kam juos naudojame

Jūsų duomenis naudojame užsakymams ir pristatymams vykdyti, sąskaitos likučiui tvarkyti, į jūsų klausimus atsakyti ir, tik gavę jūsų sutikimą, naujienlaiškiui siųsti. Asmens duomenų niekada neparduodame.

## Jūsų teisės

Bet kada galite paprašyti savo duomenų kopijos, juos ištaisyti arba ištrinti. Parašykite adresu privacy@shipwise.example – atsakysime per 30 dienų.`,
      lv: `Šajā politikā paskaidrots, kādus personas datus vāc Shipwise, kāpēc tie ir vajadzīgi un kādas ir jūsu tiesības. Tā attiecas uz visām mūsu vietnēm, tirgus laukumu, cenu piedāvājumu un sūtījumu pāradresācijas pakalpojumiem.

## Kādus datus mēs vācam

- Kontaktinformāciju: vārdu, uzvārdu, e-pasta adresi, tālruņa numuru un piegādes adreses.
- Pasūtījumu datus: iegādātās preces, mūsu apstrādātos sūtījumus un maksājumu vēsturi.
- Tehniskos datus: sīkdatnes un līdzīgas tehnoloģijas, kas ļauj palikt pieteiktam un palīdz uzlabot vietni.

## Kāpēc mēs tos izmantojam

Jūsu datus izmantojam pasūtījumu un piegāžu izpildei, konta atlikuma uzturēšanai, atbildēm uz jūsu jautājumiem un, tikai ar jūsu piekrišanu, jaunumu vēstules sūtīšanai. Mēs nekad nepārdodam personas datus.

## Jūsu tiesības

Jebkurā laikā varat pieprasīt savu datu kopiju, tos labot vai dzēst. Rakstiet uz privacy@shipwise.example, un mēs atbildēsim 30 dienu laikā.`,
      ee: `Selles poliitikas selgitame, milliseid isikuandmeid Shipwise kogub, milleks neid vaja on ja millised õigused teil on. Poliitika kehtib kõigil meie veebilehtedel ning turu, hinnapakkumiste ja pakkide edasisaatmise teenuste puhul.

## Milliseid andmeid me kogume

- Kontaktandmed: nimi, e-posti aadress, telefoninumber ja tarneaadressid.
- Tellimuste andmed: ostetud tooted, meie käsitletud pakid ja maksete ajalugu.
- Tehnilised andmed: küpsised ja sarnased tehnoloogiad, mis hoiavad teid sisselogituna ja aitavad meil veebilehte paremaks muuta.

## Milleks me neid kasutame

Kasutame teie andmeid tellimuste ja tarnete täitmiseks, kontojäägi haldamiseks, teie küsimustele vastamiseks ning ainult teie nõusolekul uudiskirja saatmiseks. Me ei müü kunagi isikuandmeid.

## Teie õigused

Võite igal ajal küsida oma andmete koopiat, neid parandada või lasta need kustutada. Kirjutage aadressil privacy@shipwise.example ja vastame 30 päeva jooksul.`,
    },
  },
  {
    slug: "warranty",
    slugs: { lt: "garantija", lv: "garantija", ee: "garantii" },
    title: { en: "Warranty", lt: "Garantija", lv: "Garantija", ee: "Garantii" },
    description: {
      en: "What the warranty covers and how to make a claim.",
      lt: "Kam taikoma garantija ir kaip pateikti pretenziją.",
      lv: "Uz ko attiecas garantija un kā iesniegt pretenziju.",
      ee: "Mida garantii katab ja kuidas pretensiooni esitada.",
    },
    body: {
      en: `Every new product sold on the Shipwise marketplace comes with at least a 24-month warranty. Some manufacturers offer a longer one; if so, the product page says so.

## What is covered

The warranty covers manufacturing defects and faults that appear during normal use. It does not cover damage caused by accidents, misuse, unauthorised repairs or normal wear and tear.

## How to make a claim

1. Fill in the claim form and describe the fault; photos or a short video help.
2. We will reply within three business days and send you a free return label if the item needs to come back.
3. Once the fault is confirmed, we repair or replace the item, or refund you if neither is possible.

Items bought through quotes and forwarded parcels are covered by the warranty of the store where they were bought. We are happy to help you contact that store.`,
      lt: `Kiekvienai naujai Shipwise prekyvietėje parduodamai prekei suteikiama ne trumpesnė kaip 24 mėnesių garantija. Kai kurie gamintojai siūlo ilgesnę – tokiu atveju tai nurodyta prekės puslapyje.

## Kam taikoma garantija

Garantija taikoma gamybos defektams ir gedimams, atsiradusiems įprastai naudojant prekę. Ji netaikoma pažeidimams, kuriuos sukėlė nelaimingi atsitikimai, netinkamas naudojimas, neleistinas taisymas ar natūralus nusidėvėjimas.

## Kaip pateikti pretenziją

1. Užpildykite pretenzijos formą ir aprašykite gedimą; labai padeda nuotraukos ar trumpas vaizdo įrašas.
2. Atsakysime per tris darbo dienas ir, jei prekę reikės grąžinti, atsiųsime nemokamą grąžinimo etiketę.
3. Patvirtinę gedimą prekę suremontuosime arba pakeisime, o jei tai neįmanoma – grąžinsime pinigus.

Pagal pasiūlymus įsigytoms prekėms ir persiųstoms siuntoms taikoma tos parduotuvės, kurioje jos pirktos, garantija. Mielai padėsime su ja susisiekti.`,
      lv: `Katrai jaunai precei, kas pārdota Shipwise tirgus laukumā, ir vismaz 24 mēnešu garantija. Daži ražotāji piedāvā ilgāku garantiju – tādā gadījumā tas norādīts preces lapā.

## Uz ko attiecas garantija

Garantija attiecas uz ražošanas defektiem un bojājumiem, kas radušies, preci lietojot paredzētajā veidā. Tā neattiecas uz bojājumiem, ko izraisījuši negadījumi, nepareiza lietošana, neatļauts remonts vai dabisks nolietojums.

## Kā iesniegt pretenziju

1. Aizpildiet pretenzijas veidlapu un aprakstiet bojājumu; ļoti noder fotoattēli vai īss video.
2. Mēs atbildēsim trīs darba dienu laikā un, ja prece būs jāatgriež, nosūtīsim bezmaksas atgriešanas uzlīmi.
3. Kad bojājums būs apstiprināts, preci salabosim vai apmainīsim, bet, ja tas nav iespējams, atmaksāsim naudu.

Precēm, kas iegādātas ar cenu piedāvājumiem, un pāradresētajiem sūtījumiem ir spēkā tā veikala garantija, kurā tās pirktas. Mēs labprāt palīdzēsim ar to sazināties.`,
      ee: `Igal Shipwise'i turul müüdud uuel tootel on vähemalt 24-kuuline garantii. Mõni tootja pakub pikemat garantiid – sel juhul on see märgitud tootelehel.

## Mida garantii katab

Garantii katab tootmisvead ja rikked, mis ilmnevad toote tavapärasel kasutamisel. See ei kata kahjustusi, mille on põhjustanud õnnetus, vale kasutamine, lubamatu parandus või tavapärane kulumine.

## Kuidas pretensiooni esitada

1. Täitke pretensioonivorm ja kirjeldage riket; väga abiks on fotod või lühike video.
2. Vastame kolme tööpäeva jooksul ja saadame vajaduse korral tasuta tagastussildi.
3. Kui rike on kinnitatud, parandame või vahetame toote välja või, kui see pole võimalik, tagastame raha.

Hinnapakkumiste kaudu ostetud toodetele ja edasisaadetud pakkidele kehtib selle poe garantii, kust need osteti. Aitame teil hea meelega selle poega ühendust võtta.`,
    },
  },
  {
    slug: "contacts",
    slugs: { lt: "kontaktai", lv: "kontakti", ee: "kontaktid" },
    title: { en: "Contacts", lt: "Kontaktai", lv: "Kontakti", ee: "Kontaktid" },
    description: {
      en: "How to reach the Shipwise team.",
      lt: "Kaip susisiekti su Shipwise komanda.",
      lv: "Kā sazināties ar Shipwise komandu.",
      ee: "Kuidas Shipwise'i meeskonnaga ühendust võtta.",
    },
    body: {
      en: `Our customer support team is available on business days from 9:00 to 18:00 (Vilnius time).

- Email: support@shipwise.example
- Phone: +370 5 200 0000
- Live chat: the chat button in the bottom corner of every page

You can also write to us with the form below.

## Office

Shipwise, UAB
Pavyzdžio g. 1, LT-01100 Vilnius, Lithuania

## Warehouses

We receive parcels in our warehouses in Vilnius, Riga and Tallinn, as well as at partner warehouses in Germany, the Netherlands, the United Kingdom, the United States and the United Arab Emirates. Your personal warehouse address is shown in your account.`,
      lt: `Mūsų klientų aptarnavimo komanda dirba darbo dienomis nuo 9:00 iki 18:00.

- El. paštas: support@shipwise.example
- Telefonas: +370 5 200 0000
- Pokalbiai internetu: pokalbių mygtukas kiekvieno puslapio apatiniame kampe

Taip pat galite parašyti mums per žemiau esančią formą.

## Biuras

Shipwise, UAB
Pavyzdžio g. 1, LT-01100 Vilnius, Lietuva

## Sandėliai

Siuntas priimame savo sandėliuose Vilniuje, Rygoje ir Taline, taip pat partnerių sandėliuose Vokietijoje, Nyderlanduose, Jungtinėje Karalystėje, JAV ir Jungtiniuose Arabų Emyratuose. Jūsų asmeninis sandėlio adresas nurodytas paskyroje.`,
      lv: `Mūsu klientu atbalsta komanda strādā darba dienās no 9:00 līdz 18:00 (Viļņas laiks).

- E-pasts: support@shipwise.example
- Tālrunis: +370 5 200 0000
- Tiešsaistes tērzēšana: tērzēšanas poga katras lapas apakšējā stūrī

Varat mums rakstīt arī, izmantojot zemāk esošo veidlapu.

## Birojs

Shipwise, UAB
Pavyzdžio g. 1, LT-01100 Viļņa, Lietuva

## Noliktavas

Sūtījumus pieņemam savās noliktavās Viļņā, Rīgā un Tallinā, kā arī partneru noliktavās Vācijā, Nīderlandē, Apvienotajā Karalistē, ASV un Apvienotajos Arābu Emirātos. Jūsu personīgā noliktavas adrese ir redzama jūsu kontā.`,
      ee: `Meie klienditugi on avatud tööpäeviti kell 9.00–18.00 (Vilniuse aja järgi).

- E-post: support@shipwise.example
- Telefon: +370 5 200 0000
- Vestlus: vestlusnupp iga lehe alanurgas

Võite meile kirjutada ka allpool oleva vormi kaudu.

## Kontor

Shipwise, UAB
Pavyzdžio g. 1, LT-01100 Vilnius, Leedu

## Laod

Võtame pakke vastu oma ladudes Vilniuses, Riias ja Tallinnas ning partnerite ladudes Saksamaal, Hollandis, Ühendkuningriigis, USA-s ja Araabia Ühendemiraatides. Teie isiklik laoaadress on näha teie kontol.`,
    },
  },
  {
    slug: "purchase-agreement",
    title: { en: "Purchase agreement", lt: "Pirkimo sutartis", lv: "Pirkuma līgums", ee: "Ostuleping" },
    description: {
      en: "The terms that apply when you buy on Shipwise.",
      lt: "Sąlygos, taikomos perkant Shipwise.",
      lv: "Noteikumi, kas attiecas uz pirkumiem Shipwise.",
      ee: "Tingimused, mis kehtivad Shipwise'is ostes.",
    },
    body: {
      en: `These terms apply to every purchase made on Shipwise sites. By placing an order you confirm that you have read and accept them.

## Orders and prices

Prices are shown in euros and include VAT. Shipping costs depend on the method you choose – air or sea – and are shown before you pay. An order is confirmed once we receive the payment.

## Payment

You can pay by card, with an online wallet, through a regional payment provider or from your account balance. Unpaid orders are cancelled automatically after seven days.

## Delivery

Air delivery usually takes 5–10 business days and sea freight 4–8 weeks. We send a tracking number as soon as the parcel leaves the warehouse.

## Returns

You may return a marketplace item within 30 days of delivery if it is unused and in its original packaging. The money is refunded to the original payment method or to your account balance within 14 days.`,
      lt: `Šios sąlygos taikomos kiekvienam pirkimui Shipwise svetainėse. Pateikdami užsakymą patvirtinate, kad su jomis susipažinote ir jas priimate.

## Užsakymai ir kainos

Kainos nurodytos eurais su PVM. Pristatymo kaina priklauso nuo pasirinkto būdo – oro ar jūrų transporto – ir parodoma prieš apmokant. Užsakymas patvirtinamas, kai gauname apmokėjimą.

## Apmokėjimas

Galite mokėti kortele, elektronine pinigine, per regioninį mokėjimų paslaugų teikėją arba iš sąskaitos likučio. Neapmokėti užsakymai automatiškai atšaukiami po septynių dienų.

## Pristatymas

Pristatymas oro transportu paprastai trunka 5–10 darbo dienų, jūrų transportu – 4–8 savaites. Siuntos sekimo numerį atsiųsime, kai tik siunta paliks sandėlį.

## Grąžinimas

Prekyvietėje pirktą prekę galite grąžinti per 30 dienų nuo pristatymo, jei ji nenaudota ir originalioje pakuotėje. Pinigus per 14 dienų grąžinsime pradiniu mokėjimo būdu arba į sąskaitos likutį.`,
      lv: `Šie noteikumi attiecas uz katru pirkumu Shipwise vietnēs. Veicot pasūtījumu, jūs apstiprināt, ka esat tos izlasījis un tiem piekrītat.

## Pasūtījumi un cenas

Cenas norādītas eiro, un tajās ir iekļauts PVN. Piegādes maksa ir atkarīga no izvēlētā veida – ar aviotransportu vai pa jūru – un tiek parādīta pirms apmaksas. Pasūtījums tiek apstiprināts, tiklīdz saņemam maksājumu.

## Apmaksa

Varat maksāt ar karti, e-maku, ar reģionālā maksājumu pakalpojumu sniedzēja starpniecību vai no konta atlikuma. Neapmaksāti pasūtījumi tiek automātiski atcelti pēc septiņām dienām.

## Piegāde

Piegāde ar aviotransportu parasti aizņem 5–10 darba dienas, pa jūru – 4–8 nedēļas. Sūtījuma izsekošanas numuru nosūtīsim, tiklīdz sūtījums būs atstājis noliktavu.

## Atgriešana

Tirgus laukumā pirktu preci varat atgriezt 30 dienu laikā pēc piegādes, ja tā nav lietota un ir oriģinālajā iepakojumā. Naudu 14 dienu laikā atmaksāsim ar sākotnējo maksājuma veidu vai konta atlikumā.`,
      ee: `Need tingimused kehtivad iga ostu puhul Shipwise'i veebilehtedel. Tellimuse esitamisega kinnitate, et olete tingimustega tutvunud ja nõustute nendega.

## Tellimused ja hinnad

Hinnad on eurodes ja sisaldavad käibemaksu. Saatmiskulu sõltub valitud viisist – lennu- või meretransport – ja kuvatakse enne maksmist. Tellimus on kinnitatud, kui oleme makse kätte saanud.

## Maksmine

Võite maksta kaardiga, e-rahakotiga, piirkondliku makseteenuse pakkuja kaudu või oma kontojäägiga. Tasumata tellimused tühistatakse automaatselt seitsme päeva pärast.

## Kohaletoimetamine

Lennutranspordiga kohaletoimetamine võtab tavaliselt 5–10 tööpäeva, meretranspordiga 4–8 nädalat. Saadame jälgimisnumbri kohe, kui pakk laost lahkub.

## Tagastamine

Turult ostetud toote võite tagastada 30 päeva jooksul pärast kättesaamist, kui see on kasutamata ja originaalpakendis. Raha tagastame 14 päeva jooksul algsele makseviisile või teie kontojäägile.`,
    },
  },
  {
    slug: "reservation-policy",
    title: { en: "Reservation policy", lt: "Rezervavimo taisyklės", lv: "Rezervēšanas noteikumi", ee: "Broneerimistingimused" },
    description: {
      en: "How product reservations work, including new phone launches.",
      lt: "Kaip veikia prekių rezervavimas, įskaitant naujų telefonų pasirodymą.",
      lv: "Kā darbojas preču rezervēšana, arī jaunu tālruņu iznākšanas laikā.",
      ee: "Kuidas toodete broneerimine käib, sealhulgas uute telefonide müügi alguses.",
    },
    body: {
      en: `Some products, such as newly launched phones, can be reserved before they arrive in our warehouse.

## How it works

- A reservation holds one unit for you until it arrives; you pay a deposit of 10% of the price.
- When the product arrives, we email you and you have 48 hours to pay the rest.
- Reservations are handled in the order they were made.

## Cancelling

You can cancel a reservation at any time before the product arrives and the deposit goes back to your account balance. If you do not pay within 48 hours of our notice, the reservation expires and the deposit is returned to your balance.

Reservations are limited to two units of the same product per customer.`,
      lt: `Kai kurias prekes, pavyzdžiui, ką tik pasirodžiusius telefonus, galima rezervuoti dar prieš joms atvykstant į mūsų sandėlį.

## Kaip tai veikia

- Rezervacija užtikrina, kad vienas vienetas bus paliktas jums; sumokate 10 % kainos dydžio užstatą.
- Kai prekė atvyksta, išsiunčiame jums el. laišką, o likusią sumą turite sumokėti per 48 valandas.
- Rezervacijos tvarkomos ta eile, kuria buvo pateiktos.

## Atšaukimas

Rezervaciją galite atšaukti bet kada, kol prekė dar neatvyko, o užstatas grąžinamas į jūsų sąskaitos likutį. Jei nesumokate per 48 valandas nuo mūsų pranešimo, rezervacija nebegalioja, o užstatas grąžinamas į likutį.

Vienas klientas gali rezervuoti ne daugiau kaip du tos pačios prekės vienetus.`,
      lv: `Dažas preces, piemēram, tikko izlaistus tālruņus, var rezervēt vēl pirms to ierašanās mūsu noliktavā.

## Kā tas darbojas

- Rezervācija nodrošina, ka viena vienība tiks paturēta jums; jūs samaksājat depozītu 10 % apmērā no cenas.
- Kad prece ierodas, mēs jums nosūtām e-pastu, un atlikušā summa jāsamaksā 48 stundu laikā.
- Rezervācijas tiek apstrādātas to veikšanas secībā.

## Atcelšana

Rezervāciju varat atcelt jebkurā laikā, pirms prece ir ieradusies, un depozīts tiek atgriezts jūsu konta atlikumā. Ja nesamaksājat 48 stundu laikā pēc mūsu paziņojuma, rezervācija zaudē spēku un depozīts tiek atgriezts atlikumā.

Viens klients var rezervēt ne vairāk kā divas vienas preces vienības.`,
      ee: `Mõnda toodet, näiteks äsja turule tulnud telefone, saab broneerida juba enne, kui need meie lattu jõuavad.

## Kuidas see käib

- Broneering hoiab teie jaoks ühe eksemplari kinni; tasute tagatisraha 10% hinnast.
- Kui toode saabub, saadame teile e-kirja ja ülejäänud summa tuleb tasuda 48 tunni jooksul.
- Broneeringuid täidetakse nende tegemise järjekorras.

## Tühistamine

Broneeringu saate tühistada igal ajal enne toote saabumist ja tagatisraha kantakse tagasi teie kontojäägile. Kui te ei tasu 48 tunni jooksul pärast meie teadet, broneering aegub ja tagatisraha kantakse kontojäägile tagasi.

Üks klient saab broneerida kuni kaks sama toote eksemplari.`,
    },
  },
  {
    slug: "unsupported-browser",
    title: {
      en: "Your browser is not supported",
      lt: "Jūsų naršyklė nepalaikoma",
      lv: "Jūsu pārlūkprogramma netiek atbalstīta",
      ee: "Teie brauserit ei toetata",
    },
    description: {
      en: "The shop works best in a current browser: how to update yours.",
      lt: "Parduotuvė geriausiai veikia naujausia naršykle: kaip atnaujinti savąją.",
      lv: "Veikals vislabāk darbojas jaunākajā pārlūkprogrammā: kā atjaunināt savējo.",
      ee: "Pood töötab kõige paremini uue brauseriga: kuidas enda oma uuendada.",
    },
    body: {
      en: `The browser you are using is out of date, so parts of the shop may not work or look as they should: the cart, checkout and account pages rely on features that older browsers lack.

## What you can do

Install or update one of the browsers below. They are free, update themselves and keep you safer online.

## Can I keep shopping?

Yes. You can browse the catalogue and read every page with this browser; only some features may not work. If something does not work, write to us and we will help you finish your order.`,
      lt: `Jūsų naudojama naršyklė yra pasenusi, todėl kai kurios parduotuvės dalys gali veikti ar atrodyti ne taip, kaip turėtų: krepšeliui, atsiskaitymui ir paskyros puslapiams reikalingos funkcijos, kurių senesnės naršyklės neturi.

## Ką galite padaryti

Įdiekite arba atnaujinkite vieną iš toliau nurodytų naršyklių. Jos nemokamos, atsinaujina pačios ir padeda saugiau naršyti internete.

## Ar galiu toliau apsipirkti?

Taip. Šia naršykle galite peržiūrėti katalogą ir skaityti visus puslapius, tik kai kurios funkcijos gali neveikti. Jei kas nors neveikia, parašykite mums ir padėsime užbaigti užsakymą.`,
      lv: `Jūsu izmantotā pārlūkprogramma ir novecojusi, tāpēc dažas veikala daļas var nedarboties vai izskatīties citādi, nekā vajadzētu: grozam, pasūtījuma noformēšanai un konta lapām vajadzīgas funkcijas, kuru vecākajām pārlūkprogrammām nav.

## Ko jūs varat darīt

Instalējiet vai atjauniniet kādu no tālāk norādītajām pārlūkprogrammām. Tās ir bezmaksas, atjauninās pašas un palīdz jums internetā būt drošākiem.

## Vai varu turpināt iepirkties?

Jā. Ar šo pārlūkprogrammu varat apskatīt katalogu un lasīt visas lapas, tikai dažas funkcijas var nedarboties. Ja kaut kas nedarbojas, rakstiet mums, un mēs palīdzēsim pabeigt pasūtījumu.`,
      ee: `Teie kasutatav brauser on aegunud, mistõttu ei pruugi mõned poe osad töötada ega välja näha nii, nagu peaksid: ostukorv, tellimuse vormistamine ja konto lehed vajavad funktsioone, mida vanematel brauseritel pole.

## Mida saate teha

Paigaldage või uuendage mõnda allpool nimetatud brauseritest. Need on tasuta, uuenevad ise ja aitavad teil internetis turvalisemalt toimetada.

## Kas saan edasi osta?

Jah. Selle brauseriga saate kataloogi sirvida ja kõiki lehti lugeda, ainult mõni funktsioon ei pruugi töötada. Kui miski ei tööta, kirjutage meile ja aitame teil tellimuse lõpule viia.`,
    },
  },
];
