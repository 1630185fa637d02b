import type { Translated } from "./reference";

export interface DemoBlogPost {
  slug: string;
  /** Days before the base date, so the newest post comes first. */
  daysAgo: number;
  /** Who wrote it, as the post shows it in every language. */
  author: string;
  title: Translated;
  excerpt: Translated;
  body: Translated;
}

export const BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    slug: "air-or-sea-shipping",
    author: "Rūta Petraitytė",
    daysAgo: 12,
    title: {
      en: "Air or sea: which shipping method should you choose?",
      lt: "Oro ar jūrų transportas: kurį pristatymo būdą rinktis?",
      lv: "Ar aviotransportu vai pa jūru: kuru piegādes veidu izvēlēties?",
      ee: "Lennuk või laev: millise saatmisviisi valida?",
    },
    excerpt: {
      en: "Air is fast, sea is cheap. Here is how to decide which one suits your parcel.",
      lt: "Oro transportas – greitas, jūrų – pigus. Štai kaip nuspręsti, kuris tinka jūsų siuntai.",
      lv: "Aviopiegāde ir ātra, jūras piegāde – lēta. Lūk, kā izlemt, kura der jūsu sūtījumam.",
      ee: "Lennutransport on kiire, meretransport soodne. Nii otsustate, kumb teie pakile sobib.",
    },
    body: {
      en: `Every order on Shipwise can travel to the Baltics by air or by sea. The right choice depends on how soon you need the parcel and how heavy it is.

## Air

Air delivery usually takes 5–10 business days. It is the best option for small, valuable items such as phones, watches or cosmetics, and for anything you need by a particular date.

## Sea

Sea freight takes 4–8 weeks but costs up to 60% less, and the difference grows with weight. It is ideal for furniture, winter clothing bought in advance and large orders combined in one box.

Not sure? The cart shows both prices side by side, so you can compare before you pay.`,
      lt: `Kiekvienas Shipwise užsakymas į Baltijos šalis gali keliauti oro arba jūrų transportu. Tinkamas pasirinkimas priklauso nuo to, kaip greitai jums reikia siuntos ir kiek ji sveria.

## Oro transportas

Pristatymas oro transportu paprastai trunka 5–10 darbo dienų. Tai geriausias pasirinkimas mažoms ir vertingoms prekėms, pavyzdžiui, telefonams, laikrodžiams ar kosmetikai, taip pat viskam, ko reikia iki tam tikros datos.

## Jūrų transportas

Gabenimas jūra trunka 4–8 savaites, tačiau kainuoja iki 60 % pigiau, o skirtumas didėja kartu su svoriu. Tai puikus pasirinkimas baldams, iš anksto perkamiems žieminiams drabužiams ir dideliems užsakymams, sujungtiems į vieną dėžę.

Abejojate? Krepšelyje abi kainos rodomos greta, tad galite jas palyginti prieš apmokėdami.`,
      lv: `Katrs Shipwise pasūtījums uz Baltijas valstīm var ceļot ar aviotransportu vai pa jūru. Pareizā izvēle ir atkarīga no tā, cik ātri jums sūtījums vajadzīgs un cik tas ir smags.

## Aviotransports

Piegāde ar aviotransportu parasti aizņem 5–10 darba dienas. Tā ir labākā izvēle maziem, vērtīgiem priekšmetiem, piemēram, tālruņiem, pulksteņiem vai kosmētikai, kā arī visam, kas vajadzīgs līdz noteiktam datumam.

## Jūras transports

Jūras pārvadājums aizņem 4–8 nedēļas, bet izmaksā līdz pat 60 % lētāk, un starpība pieaug līdz ar svaru. Tas ir ideāli piemērots mēbelēm, laikus pirktam ziemas apģērbam un lieliem pasūtījumiem, kas apvienoti vienā kastē.

Neesat pārliecināts? Grozā abas cenas redzamas blakus, tāpēc varat tās salīdzināt pirms apmaksas.`,
      ee: `Iga Shipwise'i tellimus võib Balti riikidesse jõuda kas lennu- või meretranspordiga. Õige valik sõltub sellest, kui kiiresti pakki vajate ja kui raske see on.

## Lennutransport

Lennutranspordiga kohaletoimetamine võtab tavaliselt 5–10 tööpäeva. See on parim valik väikestele ja väärtuslikele asjadele, nagu telefonid, kellad või kosmeetika, ning kõigele, mida vajate kindlaks kuupäevaks.

## Meretransport

Meretransport võtab 4–8 nädalat, kuid on kuni 60% odavam ja vahe kasvab koos kaaluga. See sobib suurepäraselt mööbli, aegsasti ostetud talveriiete ja ühte kasti koondatud suurte tellimuste jaoks.

Pole kindel? Ostukorvis on mõlemad hinnad kõrvuti, nii et saate need enne maksmist võrrelda.`,
    },
  },
  {
    slug: "black-friday-shopping-abroad",
    author: "Jānis Bērziņš",
    daysAgo: 25,
    title: {
      en: "Making the most of Black Friday abroad",
      lt: "Kaip išnaudoti Juodąjį penktadienį užsienyje",
      lv: "Kā izmantot Melno piektdienu ārzemēs",
      ee: "Kuidas välismaa Musta reede pakkumistest maksimumi võtta",
    },
    excerpt: {
      en: "Prices in foreign stores drop sharply in late November. A little planning helps the savings reach your door.",
      lt: "Lapkričio pabaigoje užsienio parduotuvių kainos smarkiai krenta. Šiek tiek planavimo – ir sutaupyti pinigai pasieks jūsų duris.",
      lv: "Novembra beigās ārzemju veikalos cenas strauji krītas. Nedaudz plānošanas – un ietaupījums nonāks līdz jūsu durvīm.",
      ee: "Novembri lõpus langevad välismaa poodides hinnad järsult. Natuke planeerimist ja kokkuhoid jõuab teie ukseni.",
    },
    body: {
      en: `Black Friday discounts in stores in the United States, the United Kingdom and Germany are often deeper than at home. With a Shipwise warehouse address you can shop there as if you lived locally.

## Before the sale

Make a list, check your sizes in each store's size chart and top up your Shipwise balance so you can pay for quotes instantly. Popular items sell out within hours.

## During the sale

Send quote requests early: our buyers work in order of arrival. If you shop yourself, use your personal warehouse address and add your customer number to the address line.

## After the sale

Parcels arriving in the same week can be combined into one shipment. Choose sea freight for bulky items and you will keep more of the discount.`,
      lt: `Juodojo penktadienio nuolaidos JAV, Jungtinės Karalystės ir Vokietijos parduotuvėse dažnai būna didesnės nei pas mus. Turėdami Shipwise sandėlio adresą, jose galite apsipirkti lyg gyventumėte vietoje.

## Prieš išpardavimą

Susidarykite sąrašą, pasitikrinkite savo dydžius kiekvienos parduotuvės dydžių lentelėje ir papildykite Shipwise sąskaitos likutį, kad pasiūlymus galėtumėte apmokėti akimirksniu. Populiarios prekės išperkamos per kelias valandas.

## Išpardavimo metu

Pasiūlymų užklausas siųskite anksti: mūsų pirkėjai jas vykdo gavimo eile. Jei apsiperkate patys, naudokite savo asmeninį sandėlio adresą ir adreso eilutėje nurodykite kliento numerį.

## Po išpardavimo

Tą pačią savaitę atvykusias siuntas galima sujungti į vieną. Didelių gabaritų prekėms rinkitės jūrų transportą – taip išsaugosite didesnę nuolaidos dalį.`,
      lv: `Melnās piektdienas atlaides ASV, Apvienotās Karalistes un Vācijas veikalos bieži ir lielākas nekā pie mums. Ar Shipwise noliktavas adresi tajos varat iepirkties tā, it kā dzīvotu turpat.

## Pirms izpārdošanas

Sastādiet sarakstu, pārbaudiet savus izmērus katra veikala izmēru tabulā un papildiniet Shipwise konta atlikumu, lai cenu piedāvājumus varētu apmaksāt uzreiz. Populāras preces tiek izpārdotas dažu stundu laikā.

## Izpārdošanas laikā

Cenu piedāvājumu pieprasījumus sūtiet laikus: mūsu pircēji tos apstrādā saņemšanas secībā. Ja iepērkaties paši, izmantojiet savu personīgo noliktavas adresi un adreses rindā norādiet klienta numuru.

## Pēc izpārdošanas

Sūtījumus, kas ierodas vienā nedēļā, var apvienot vienā. Lielgabarīta precēm izvēlieties jūras transportu, un jums paliks lielāka atlaides daļa.`,
      ee: `Musta reede allahindlused Ameerika Ühendriikide, Ühendkuningriigi ja Saksamaa poodides on sageli suuremad kui meil. Shipwise'i laoaadressiga saate seal osta nii, nagu elaksite kohapeal.

## Enne allahindlust

Koostage nimekiri, kontrollige iga poe suurustabelist oma suurusi ja täiendage Shipwise'i kontojääki, et saaksite hinnapakkumised kohe tasuda. Populaarsed tooted müüakse läbi mõne tunniga.

## Allahindluse ajal

Saatke hinnapakkumise päringud varakult: meie ostjad täidavad neid saabumise järjekorras. Kui ostate ise, kasutage oma isiklikku laoaadressi ja lisage aadressireale oma kliendinumber.

## Pärast allahindlust

Samal nädalal saabuvad pakid saab koondada üheks saadetiseks. Valige mahukate asjade jaoks meretransport ja teile jääb suurem osa allahindlusest.`,
    },
  },
  {
    slug: "customs-and-vat-explained",
    author: "Kadri Tamm",
    daysAgo: 48,
    title: {
      en: "Customs and VAT on parcels from outside the EU",
      lt: "Muitai ir PVM siuntoms iš ne ES šalių",
      lv: "Muita un PVN sūtījumiem no valstīm ārpus ES",
      ee: "Toll ja käibemaks väljastpoolt ELi saabuvatele pakkidele",
    },
    excerpt: {
      en: "Buying from the United States, the United Kingdom or the Emirates? Here is what import charges to expect and how we handle them.",
      lt: "Perkate JAV, Jungtinėje Karalystėje ar Emyratuose? Štai kokių importo mokesčių tikėtis ir kaip juos tvarkome.",
      lv: "Iepērkaties ASV, Apvienotajā Karalistē vai Emirātos? Lūk, kādus importa maksājumus gaidīt un kā mēs tos kārtojam.",
      ee: "Ostate Ameerika Ühendriikidest, Ühendkuningriigist või Emiraatidest? Siit näete, milliseid impordimakse oodata ja kuidas me neid korraldame.",
    },
    body: {
      en: `Goods bought outside the European Union are subject to import VAT when they enter the EU, and some also to customs duty. Shipwise handles the paperwork for you.

## VAT

Import VAT is charged on every parcel, whatever its value, at the rate of the country of delivery: 21% in Lithuania and Latvia, and 24% in Estonia. For marketplace products it is already included in the price.

## Customs duty

Duty depends on the type of goods and where they were made. Clothes and shoes usually carry higher rates than electronics. For quotes we calculate it in advance, so the price you accept is final.

## Documents

We keep the invoices for every parcel we declare. You can download them from your account if you need them for your own records.`,
      lt: `Už Europos Sąjungos ribų pirktoms prekėms, įvežamoms į ES, taikomas importo PVM, o kai kurioms – ir muitas. Visus dokumentus Shipwise sutvarko už jus.

## PVM

Importo PVM taikomas kiekvienai siuntai, nepriklausomai nuo jos vertės, pagal pristatymo šalies tarifą: Lietuvoje ir Latvijoje – 21 %, Estijoje – 24 %. Prekyvietės prekių kainose jis jau įskaičiuotas.

## Muitas

Muitas priklauso nuo prekių rūšies ir jų kilmės šalies. Drabužiams ir avalynei paprastai taikomi didesni tarifai nei elektronikai. Pasiūlymams muitą apskaičiuojame iš anksto, todėl jūsų priimta kaina yra galutinė.

## Dokumentai

Saugome kiekvienos deklaruotos siuntos sąskaitas faktūras. Jei jų prireiks jūsų apskaitai, galite jas atsisiųsti savo paskyroje.`,
      lv: `Precēm, kas pirktas ārpus Eiropas Savienības, ievedot tās ES, tiek piemērots importa PVN, bet dažām – arī muitas nodoklis. Visus dokumentus Shipwise nokārto jūsu vietā.

## PVN

Importa PVN tiek piemērots katram sūtījumam neatkarīgi no tā vērtības pēc piegādes valsts likmes: Lietuvā un Latvijā – 21 %, Igaunijā – 24 %. Tirgus laukuma preču cenās tas jau ir iekļauts.

## Muitas nodoklis

Muitas nodoklis ir atkarīgs no preču veida un izcelsmes valsts. Apģērbam un apaviem parasti ir augstākas likmes nekā elektronikai. Cenu piedāvājumiem to aprēķinām iepriekš, tāpēc jūsu pieņemtā cena ir galīgā.

## Dokumenti

Mēs glabājam rēķinus par katru deklarēto sūtījumu. Ja tie jums vajadzīgi grāmatvedībai, varat tos lejupielādēt savā kontā.`,
      ee: `Väljaspool Euroopa Liitu ostetud kaupadele rakendub ELi toomisel impordikäibemaks ja mõnele ka tollimaks. Shipwise korraldab kogu paberimajanduse teie eest.

## Käibemaks

Impordikäibemaksu võetakse iga paki pealt olenemata selle väärtusest sihtriigi määra järgi: Leedus ja Lätis 21%, Eestis 24%. Turu toodete hinnas sisaldub see juba.

## Tollimaks

Tollimaks sõltub kauba liigist ja päritoluriigist. Riietele ja jalatsitele kehtivad tavaliselt kõrgemad määrad kui elektroonikale. Hinnapakkumiste puhul arvutame selle ette välja, nii et teie aktsepteeritud hind on lõplik.

## Dokumendid

Hoiame alles iga deklareeritud paki arved. Kui vajate neid oma raamatupidamise jaoks, saate need oma kontolt alla laadida.`,
    },
  },
  {
    slug: "parcel-consolidation",
    author: "Rūta Petraitytė",
    daysAgo: 70,
    title: {
      en: "How combining parcels cuts your shipping costs",
      lt: "Kaip sujungtos siuntos sumažina pristatymo išlaidas",
      lv: "Kā sūtījumu apvienošana samazina piegādes izmaksas",
      ee: "Kuidas pakkide koondamine saatmiskulusid vähendab",
    },
    excerpt: {
      en: "Ordering from several stores at once? We can pack everything into one box, and you pay for one shipment.",
      lt: "Užsisakote iš kelių parduotuvių iš karto? Viską galime supakuoti į vieną dėžę – mokėsite tik už vieną siuntą.",
      lv: "Pasūtāt no vairākiem veikaliem vienlaikus? Mēs visu varam iepakot vienā kastē, un jūs maksājat par vienu sūtījumu.",
      ee: "Tellite korraga mitmest poest? Saame kõik ühte kasti pakkida ja te maksate ühe saadetise eest.",
    },
    body: {
      en: `When you shop in several stores, each order arrives at our warehouse in its own box. Shipping them separately means paying for transport and packaging many times over.

## How it works

Ask us to combine parcels in your account. We wait until everything has arrived, remove unnecessary packaging and pack the items into one sturdy box. Fragile items get extra padding.

## How much you save

Customers who combine three or more parcels usually save 30–50% on shipping. Parcels can wait in our warehouse free of charge for up to 30 days, so there is time to finish your shopping.`,
      lt: `Kai apsiperkate keliose parduotuvėse, kiekvienas užsakymas į mūsų sandėlį atkeliauja atskiroje dėžėje. Siunčiant juos atskirai, tektų kelis kartus mokėti už pervežimą ir pakuotę.

## Kaip tai veikia

Paskyroje paprašykite sujungti siuntas. Palauksime, kol viskas atvyks, pašalinsime nereikalingas pakuotes ir sudėsime prekes į vieną tvirtą dėžę. Dūžtančios prekės papildomai apsaugomos.

## Kiek sutaupysite

Klientai, sujungiantys tris ar daugiau siuntų, paprastai sutaupo 30–50 % pristatymo išlaidų. Siuntos mūsų sandėlyje nemokamai gali laukti iki 30 dienų, tad spėsite baigti apsipirkti.`,
      lv: `Iepērkoties vairākos veikalos, katrs pasūtījums mūsu noliktavā ierodas savā kastē. Sūtot tos atsevišķi, par pārvadājumu un iepakojumu nāktos maksāt vairākas reizes.

## Kā tas darbojas

Savā kontā palūdziet apvienot sūtījumus. Mēs pagaidīsim, līdz viss būs ieradies, noņemsim lieko iepakojumu un saliksim preces vienā izturīgā kastē. Plīstošas preces saņem papildu aizsardzību.

## Cik jūs ietaupāt

Klienti, kas apvieno trīs vai vairāk sūtījumus, parasti ietaupa 30–50 % piegādes izmaksu. Sūtījumi mūsu noliktavā bez maksas var gaidīt līdz 30 dienām, tāpēc paspēsiet pabeigt iepirkšanos.`,
      ee: `Kui ostate mitmest poest, saabub iga tellimus meie lattu eraldi kastis. Eraldi saatmisel tuleks transpordi ja pakendi eest maksta mitu korda.

## Kuidas see käib

Paluge oma kontol pakid koondada. Ootame, kuni kõik on kohale jõudnud, eemaldame üleliigse pakendi ja paneme tooted ühte tugevasse kasti. Purunevad esemed saavad lisakaitse.

## Kui palju säästate

Kliendid, kes koondavad kolm või enam pakki, säästavad saatmiskuludelt tavaliselt 30–50%. Pakid võivad meie laos tasuta oodata kuni 30 päeva, nii et jõuate ostud rahulikult lõpetada.`,
    },
  },
  {
    slug: "winter-boots-guide",
    author: "Jānis Bērziņš",
    daysAgo: 95,
    title: {
      en: "Choosing winter boots for Baltic weather",
      lt: "Kaip išsirinkti žieminius batus Baltijos orams",
      lv: "Kā izvēlēties ziemas zābakus Baltijas laikapstākļiem",
      ee: "Talvesaabaste valimine Baltimaade ilma jaoks",
    },
    excerpt: {
      en: "Slush in the morning, ice in the evening. What to look for in boots that last the whole season.",
      lt: "Ryte – šlapdriba, vakare – ledas. Į ką atkreipti dėmesį renkantis batus, kurie atlaikys visą sezoną.",
      lv: "No rīta slapjdraņķis, vakarā ledus. Kam pievērst uzmanību, izvēloties zābakus, kas izturēs visu sezonu.",
      ee: "Hommikul lörts, õhtul jää. Millele tähelepanu pöörata, et saapad peaksid vastu terve hooaja.",
    },
    body: {
      en: `A Baltic winter is hard on footwear: temperatures swing around zero, pavements are salted and snow turns to slush within hours. The right boots keep your feet warm and dry through all of it.

## What to look for

- A warm lining rated for at least −20 °C.
- A water-repellent upper, ideally with sealed seams.
- A deep-tread rubber sole that stays flexible in the cold.

## Getting the size right

Choose half a size up if you wear thick socks. Every footwear product on our marketplace lists EU sizes, and you can filter by shoe size to see only the pairs that fit.`,
      lt: `Baltijos žiema avalynei – rimtas išbandymas: temperatūra svyruoja apie nulį, šaligatviai barstomi druska, o sniegas per kelias valandas virsta pliurza. Tinkami batai išlaikys jūsų kojas šiltas ir sausas.

## Į ką atkreipti dėmesį

- Šiltas pamušalas, skirtas bent −20 °C šalčiui.
- Vandenį atstumiantis viršus, geriausia su suklijuotomis siūlėmis.
- Gilaus rašto guminis padas, kuris šaltyje išlieka lankstus.

## Kaip nesuklysti dėl dydžio

Jei avite storas kojines, rinkitės puse dydžio didesnius batus. Visos mūsų prekyvietės avalynės prekės pažymėtos ES dydžiais, o filtruodami pagal avalynės dydį matysite tik jums tinkančias poras.`,
      lv: `Baltijas ziema ir nopietns pārbaudījums apaviem: temperatūra svārstās ap nulli, ietves tiek kaisītas ar sāli, un sniegs dažu stundu laikā pārvēršas dubļos. Piemēroti zābaki saglabās jūsu kājas siltas un sausas.

## Kam pievērst uzmanību

- Silta odere, kas paredzēta vismaz −20 °C salam.
- Ūdeni atgrūdošs virsmas materiāls, vēlams ar līmētām šuvēm.
- Gumijas zole ar dziļu protektoru, kas aukstumā saglabā elastību.

## Kā izvēlēties pareizo izmēru

Ja valkājat biezas zeķes, izvēlieties par pusizmēru lielākus zābakus. Visiem apaviem mūsu tirgus laukumā norādīti ES izmēri, un, filtrējot pēc apavu izmēra, redzēsiet tikai jums derīgos pārus.`,
      ee: `Baltimaade talv on jalatsitele karm: temperatuur kõigub nulli ümber, kõnniteid soolatakse ja lumi muutub mõne tunniga lörtsiks. Õiged saapad hoiavad jalad kogu aeg soojad ja kuivad.

## Millele tähelepanu pöörata

- Soe vooder, mis on mõeldud vähemalt −20 °C külma jaoks.
- Vetthülgiv pealismaterjal, soovitatavalt teibitud õmblustega.
- Sügava mustriga kummitald, mis jääb külmas painduvaks.

## Kuidas õiget suurust valida

Kui kannate pakse sokke, valige pool numbrit suurem. Kõigi meie turu jalatsite juures on märgitud EL-i suurused ja jalatsi suuruse järgi filtreerides näete ainult teile sobivaid paare.`,
    },
  },
  {
    slug: "new-warehouse-in-the-emirates",
    author: "Kadri Tamm",
    daysAgo: 130,
    title: {
      en: "Our new warehouse in the United Arab Emirates",
      lt: "Mūsų naujas sandėlis Jungtiniuose Arabų Emyratuose",
      lv: "Mūsu jaunā noliktava Apvienotajos Arābu Emirātos",
      ee: "Meie uus ladu Araabia Ühendemiraatides",
    },
    excerpt: {
      en: "You can now send parcels from Dubai stores to our own warehouse, and we will forward them to the Baltics.",
      lt: "Dabar siuntas iš Dubajaus parduotuvių galite siųsti į mūsų sandėlį, o mes jas persiųsime į Baltijos šalis.",
      lv: "Tagad sūtījumus no Dubaijas veikaliem varat sūtīt uz mūsu noliktavu, un mēs tos pārsūtīsim uz Baltijas valstīm.",
      ee: "Nüüd saate Dubai poodidest pakke meie lattu saata ja me toimetame need Balti riikidesse edasi.",
    },
    body: {
      en: `We have opened a warehouse in Dubai, our first outside Europe and the United States. Stores in the Emirates are known for good prices on electronics, fragrances and jewellery, and now they are within easy reach.

## What changes for you

Every Shipwise account now has a personal address in Dubai. Use it at checkout in any store in the Emirates and we will forward your parcel by air within three business days of its arrival.

## Opening offer

Until the end of the month, the first parcel sent from Dubai travels with a 20% shipping discount. The discount is applied automatically at checkout.`,
      lt: `Atidarėme sandėlį Dubajuje – pirmąjį už Europos ir Jungtinių Amerikos Valstijų ribų. Emyratų parduotuvės garsėja palankiomis elektronikos, kvepalų ir papuošalų kainomis, o dabar jos tapo lengvai pasiekiamos.

## Kas keičiasi jums

Kiekviena Shipwise paskyra dabar turi asmeninį adresą Dubajuje. Nurodykite jį apsipirkdami bet kurioje Emyratų parduotuvėje, ir per tris darbo dienas nuo siuntos atvykimo persiųsime ją jums oro transportu.

## Atidarymo pasiūlymas

Iki mėnesio pabaigos pirmajai iš Dubajaus siunčiamai siuntai taikoma 20 % pristatymo nuolaida. Nuolaida pritaikoma automatiškai atsiskaitant.`,
      lv: `Esam atvēruši noliktavu Dubaijā – pirmo ārpus Eiropas un Amerikas Savienotajām Valstīm. Emirātu veikali ir pazīstami ar izdevīgām elektronikas, smaržu un rotaslietu cenām, un tagad tie ir viegli sasniedzami.

## Kas mainās jums

Katram Shipwise kontam tagad ir personīga adrese Dubaijā. Norādiet to, iepērkoties jebkurā Emirātu veikalā, un trīs darba dienu laikā pēc sūtījuma ierašanās mēs to pārsūtīsim jums ar aviotransportu.

## Atklāšanas piedāvājums

Līdz mēneša beigām pirmajam no Dubaijas nosūtītajam sūtījumam tiek piemērota 20 % piegādes atlaide. Atlaide tiek piemērota automātiski, noformējot pasūtījumu.`,
      ee: `Avasime Dubais lao – esimese väljaspool Euroopat ja Ameerika Ühendriike. Emiraatide poed on tuntud soodsate elektroonika-, parfüümi- ja ehtehindade poolest ning nüüd on need hõlpsasti kättesaadavad.

## Mis teie jaoks muutub

Igal Shipwise'i kontol on nüüd isiklik aadress Dubais. Kasutage seda ostes ükskõik millisest Emiraatide poest ja me saadame paki teile lennutranspordiga edasi kolme tööpäeva jooksul pärast selle saabumist.

## Avamispakkumine

Kuu lõpuni kehtib esimesele Dubaist saadetavale pakile 20% saatmisallahindlus. Allahindlus rakendub ostu vormistamisel automaatselt.`,
    },
  },
];
